import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/**
 * Headers on every answer. The CSP allows no inline script but the ones named by their hash (the
 * prerendered pages' loader); inline style attributes stay allowed because the accessible
 * components position overlays with them.
 */
export function securityHeaders(
  config: Pick<ServerConfig, 'publicOrigin' | 'allowedRedirectOrigins'>,
  inlineScriptHashes: readonly string[] = [],
): Record<string, string> {
  const formTargets = ["'self'", ...config.allowedRedirectOrigins].join(' ');
  const headers: Record<string, string> = {
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
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (config.publicOrigin.startsWith('https:')) headers['strict-transport-security'] = HSTS;
  return headers;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** `headers`: what `securityHeaders` gives, set on every answer. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  // A callback hook: it runs on every answer and waits for nothing (no promise per request).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
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
