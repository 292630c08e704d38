/** Decodes a base64url segment as UTF-8; throws on malformed input. */
function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The claims of a JWT, read WITHOUT verifying its signature (only the server can trust a
 * token; the client merely guesses whether it is worth sending). Null when unreadable.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether a token is past its `exp` claim (seconds). A missing or unreadable token, or one
 * without a numeric `exp`, counts as expired; `exp <= now` is expired.
 */
export function isTokenExpired(token: string | null | undefined, nowSeconds: number): boolean {
  if (!token) return true;
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp <= nowSeconds;
}
