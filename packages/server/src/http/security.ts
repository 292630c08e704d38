import type { FastifyInstance } from 'fastify';
import { sandboxEnabled, type ServerConfig } from '../config.ts';

/** What every answer carries: one set for the pages, one for everything else. */
export interface SecurityHeaders {
  /**
   * HTML pages. The CSP allows no inline script but the ones named by their hash (the
   * prerendered pages' loader); inline style attributes stay allowed because the accessible
   * components position overlays with them.
   */
  document: Record<string, string>;
  /**
   * Every other answer (the API's JSON, scripts, styles, files): nothing in it may load or run
   * anything, nor be framed. The page-only headers (opener, permissions) mean nothing there, and
   * the short CSP keeps the API's answers light (docs/security.md, item 15).
   */
  resource: Record<string, string>;
}

/** Where Stripe's hosted checkout lives: the landing's form is redirected there. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export function securityHeaders(
  config: Pick<ServerConfig, 'publicOrigin' | 'allowedRedirectOrigins' | 'stripeSecretKey'>,
  inlineScriptHashes: readonly string[] = [],
): SecurityHeaders {
  // The landing's 'Choisir ce plan' form (POST /checkout) is answered with a redirect to the
  // hosted checkout, and Chromium holds a form's redirects to `form-action` too.
  const formTargets = [
    "'self'",
    ...config.allowedRedirectOrigins,
    ...(sandboxEnabled(config) ? [] : [STRIPE_CHECKOUT_ORIGIN]),
  ].join(' ');
  const everyAnswer: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
  if (config.publicOrigin.startsWith('https:')) everyAnswer['strict-transport-security'] = HSTS;
  const document = {
    'content-security-policy': [
      "default-src 'self'",
      ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      `form-action ${formTargets}`,
    ].join('; '),
    ...everyAnswer,
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  const resource = {
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ...everyAnswer,
  };
  return { document, resource };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether an answer is an HTML page, by the content type set when it is sent. */
function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/** `headers`: what `securityHeaders` gives, set on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook: it runs on every answer and waits for nothing (no promise per request).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(
      isDocument(reply.getHeader('content-type')) ? headers.document : headers.resource,
    );
    // Served over https (behind a proxy, `request.protocol` reads X-Forwarded-Proto only with
    // TRUST_PROXY): HSTS whatever PUBLIC_ORIGIN says.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers carry account data: never cache them.
    if (!reply.hasHeader('cache-control') && request.method !== 'GET') {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
