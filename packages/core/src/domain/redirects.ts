/**
 * Where the browser may be sent after the server hands back a provider URL (checkout,
 * customer portal). Origins are compared exactly and the URL must be written plainly, so
 * look-alike hosts, user-info, case, backslash and invisible-character tricks, and relative or
 * script URLs never pass.
 */
export interface RedirectPolicy {
  /** Provider origins allowed over https, e.g. 'https://checkout.stripe.com'. */
  allowedOrigins: readonly string[];
  /** Origins allowed over plain http (the sandbox provider during development only). */
  allowedDevOrigins?: readonly string[];
}

/** Control characters and every kind of space or invisible mark (browsers drop some of them). */
function hasInvisible(url: string): boolean {
  return [...url].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || /[\s\u200b-\u200f\u2060]/u.test(char);
  });
}

export function isAllowedRedirect(url: string, policy: RedirectPolicy): boolean {
  // Backslashes and invisible characters only ever appear in URLs built to fool a parser.
  if (hasInvisible(url) || url.includes('\\')) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Written plainly: the URL starts with its own origin (lower case, no user-info, no default
  // port, no percent-encoded host), then a path, query or fragment. Relative,
  // protocol-relative and script URLs cannot start with an https origin.
  const rest = url.slice(parsed.origin.length);
  if (!url.startsWith(parsed.origin) || !/^(?:[/?#]|$)/.test(rest)) return false;
  if (parsed.protocol === 'https:') return policy.allowedOrigins.includes(parsed.origin);
  return parsed.protocol === 'http:' && (policy.allowedDevOrigins ?? []).includes(parsed.origin);
}

/**
 * The provider address in a redirect answer (`{ data: { url } }`: checkout, customer portal), or
 * null when there is none to read: a missing address is the feature's failure, never a crash
 * (docs/product.md#feature-errors).
 */
export function redirectUrlOf(answer: unknown): string | null {
  const data: unknown = (answer as { data?: unknown } | null | undefined)?.data;
  const url: unknown = (data as { url?: unknown } | null | undefined)?.url;
  return typeof url === 'string' ? url : null;
}
