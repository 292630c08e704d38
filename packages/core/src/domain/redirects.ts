/**
 * Where the browser may be sent after the server hands back a provider URL (checkout,
 * customer portal). Origins are compared exactly, so look-alike hosts, user-info tricks and
 * relative or script URLs never pass.
 */
export interface RedirectPolicy {
  /** Provider origins allowed over https, e.g. 'https://checkout.stripe.com'. */
  allowedOrigins: readonly string[];
  /** Origins allowed over plain http (the sandbox provider during development only). */
  allowedDevOrigins?: readonly string[];
}

export function isAllowedRedirect(url: string, policy: RedirectPolicy): boolean {
  // Only absolute URLs: a relative or protocol-relative one would resolve against the page.
  if (!/^https?:\/\//i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === 'https:') return policy.allowedOrigins.includes(parsed.origin);
  return (policy.allowedDevOrigins ?? []).includes(parsed.origin);
}
