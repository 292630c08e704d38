import { CHECKOUT_SESSION_PLACEHOLDER, isAllowedRedirect } from '@portal/core/domain';

/**
 * Where the server lets a provider send the browser back to: http(s) URLs whose origin is the
 * app's own (PUBLIC_ORIGIN) or one of ALLOWED_REDIRECT_ORIGINS (the configured list holds both).
 * The rule is core's: look-alike hosts, credentials and script URLs never pass.
 */
export function isAllowedReturnUrl(value: string, allowedOrigins: readonly string[]): boolean {
  return isAllowedRedirect(value, { allowedOrigins, allowedDevOrigins: allowedOrigins });
}

/**
 * The contract's `format: uri` refuses raw braces, so clients may send the placeholder
 * percent-encoded; it is put back as the literal Stripe expects.
 */
export function withLiteralPlaceholder(url: string): string {
  return url.replace(/%7BCHECKOUT_SESSION_ID%7D/gi, CHECKOUT_SESSION_PLACEHOLDER);
}

export function successUrlFor(template: string, sessionId: string): string {
  return template.split(CHECKOUT_SESSION_PLACEHOLDER).join(sessionId);
}
