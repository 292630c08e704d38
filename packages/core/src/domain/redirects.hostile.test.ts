/**
 * Redirect safety against hostile answers (docs/security.md, item 14, core half): a checkout or
 * portal URL from the server is followed only when it is an https URL of an allowed origin, written
 * plainly. Generated hostile URLs never pass; allowed ones always do.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isAllowedRedirect, type RedirectPolicy } from './redirects.ts';

// Many generated cases on a shared two-core machine: the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

const allowed = ['https://checkout.stripe.com', 'https://billing.stripe.com'];
const devOrigin = 'http://localhost:3000';
const policy: RedirectPolicy = { allowedOrigins: allowed, allowedDevOrigins: [devOrigin] };
const productionPolicy: RedirectPolicy = { allowedOrigins: allowed };

const allowedOrigin = fc.constantFrom(...allowed);
const allowedHost = allowedOrigin.map((origin) => new URL(origin).host);
/** A path, query and fragment that keep the URL on its origin. */
const tail = fc
  .tuple(
    fc.array(fc.webSegment(), { maxLength: 4 }),
    fc.option(fc.webQueryParameters(), { nil: undefined }),
    fc.option(fc.webFragments(), { nil: undefined }),
  )
  .map(
    ([segments, query, fragment]) =>
      `/${segments.join('/')}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`,
  );

/**
 * What the browser would do with the URL: it must land on an allowed origin, over https (or the
 * development origin over http), with no credentials.
 */
function landsSafely(url: string, withDev: boolean): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.username !== '' || target.password !== '') return false;
  if (target.protocol === 'https:') return allowed.includes(target.origin);
  return withDev && target.origin === devOrigin;
}

describe('isAllowedRedirect against hostile URLs', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://checkout.stripe.com/%0aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'blob:https://checkout.stripe.com/1234',
    'file:///etc/passwd',
    '//evil.example',
    '//checkout.stripe.com/pay',
    '\\\\evil.example',
    '/\\evil.example',
    'https:\\\\evil.example',
    'https:\\\\checkout.stripe.com',
    'https:/\\evil.example',
    'https:/checkout.stripe.com/pay',
    'https:checkout.stripe.com/pay',
    'https://checkout.stripe.com.evil.example',
    'https://checkout.stripe.com.evil.example/pay',
    'https://checkout.stripe.com./pay',
    'https://checkout-stripe.com/pay',
    'https://user@evil.example',
    'https://checkout.stripe.com@evil.example',
    'https://checkout.stripe.com:443@evil.example/',
    'https://user:pass@checkout.stripe.com',
    'https://user:pass@checkout.stripe.com/pay',
    'https://:@checkout.stripe.com/pay',
    'https://checkout.stripe.com\\@evil.example/',
    'http://checkout.stripe.com/pay',
    'HTTPS://CHECKOUT.STRIPE.COM/pay',
    'https://Checkout.Stripe.com/pay',
    'https://checkout.stripe.com:443/pay',
    'https://checkout.stripe.com:8443/pay',
    'https://%63heckout.stripe.com/pay',
    'https://xn--checkut-z2a.stripe.com/pay',
    'https://checkоut.stripe.com/pay',
    ' https://checkout.stripe.com/pay',
    'https://checkout.stripe.com/pay ',
    'https://checkout.stripe.com/pay\n',
    'https://checkout.stripe.com\t.evil.example/',
    'https://check\nout.stripe.com/pay',
    'https://checkout.stripe.com/\u0000',
    'https://checkout.stripe.com/\u00a0',
    'https://checkout.stripe.com/\u2028',
    '\u200bhttps://checkout.stripe.com/pay',
    'https://evil.example/?next=https://checkout.stripe.com',
    'https://evil.example/#https://checkout.stripe.com',
    'https://evil.example/https://checkout.stripe.com',
    'http://localhost:3000.evil.example/',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'https://127.0.0.1/',
    'https://[::1]/',
    '/payment/cancel',
    'checkout.stripe.com/pay',
    '',
    ' ',
  ])('refuses %j', (url) => {
    expect(isAllowedRedirect(url, policy)).toBe(false);
  });

  it('refuses plain http, even to the development origin, unless that origin is allowed', () => {
    expect(isAllowedRedirect(`${devOrigin}/sandbox/checkout/cs_1`, productionPolicy)).toBe(false);
    expect(isAllowedRedirect(`${devOrigin}/sandbox/checkout/cs_1`, policy)).toBe(true);
    expect(isAllowedRedirect('http://localhost:3000', policy)).toBe(true);
  });

  it('lets every plainly written URL of an allowed origin through', () => {
    fc.assert(
      fc.property(allowedOrigin, tail, (origin, rest) => {
        expect(isAllowedRedirect(`${origin}${rest}`, productionPolicy)).toBe(true);
      }),
    );
    expect(isAllowedRedirect('https://checkout.stripe.com', productionPolicy)).toBe(true);
    expect(isAllowedRedirect('https://checkout.stripe.com?x=1', productionPolicy)).toBe(true);
  });

  it('never lets through a URL of an allowed origin with one control or space character added', () => {
    const badChar = fc.oneof(
      fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code)),
      fc.constantFrom(
        '\u007f',
        '\u0085',
        '\u00a0',
        '\u1680',
        '\u2000',
        '\u2028',
        '\u2029',
        '\u3000',
        '\ufeff',
        '\u200b',
      ),
    );
    fc.assert(
      fc.property(allowedOrigin, tail, badChar, fc.nat(), (origin, rest, char, at) => {
        const url = `${origin}${rest}`;
        const index = at % (url.length + 1);
        const tampered = url.slice(0, index) + char + url.slice(index);
        expect(isAllowedRedirect(tampered, policy)).toBe(false);
      }),
    );
  });

  it('never lets through an allowed URL whose scheme or host changed case', () => {
    fc.assert(
      fc.property(
        allowedOrigin,
        tail,
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (origin, rest, flips) => {
          const cased = [...origin]
            .map((char, i) => (flips[i] ? char.toUpperCase() : char))
            .join('');
          fc.pre(cased !== origin);
          expect(isAllowedRedirect(`${cased}${rest}`, policy)).toBe(false);
        },
      ),
    );
  });

  it('never lets through user-info, look-alike hosts, other schemes or ports', () => {
    const userInfo = fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent);
    const evilHost = fc.oneof(
      fc.domain(),
      allowedHost.map((host) => `${host}.evil.example`),
      allowedHost.map((host) => `evil-${host}`),
      allowedHost.map((host) => `${host}.`),
    );
    const hostile = fc.oneof(
      fc
        .tuple(userInfo, allowedHost, tail)
        .map(([user, host, rest]) => `https://${user}@${host}${rest}`),
      fc
        .tuple(userInfo, userInfo, allowedHost, tail)
        .map(([user, pass, host, rest]) => `https://${user}:${pass}@${host}${rest}`),
      fc
        .tuple(allowedHost, evilHost, tail)
        .map(([host, evil, rest]) => `https://${host}@${evil}${rest}`),
      fc.tuple(evilHost, tail).map(([evil, rest]) => `https://${evil}${rest}`),
      fc
        .tuple(evilHost, allowedOrigin, fc.constantFrom('/?next=', '/#', '/'))
        .map(([evil, origin, glue]) => `https://${evil}${glue}${origin}`),
      fc
        .tuple(
          fc.constantFrom(
            'http',
            'ftp',
            'ws',
            'wss',
            'javascript',
            'data',
            'file',
            'blob',
            'HTTPS',
          ),
          allowedHost,
          tail,
        )
        .map(([scheme, host, rest]) => `${scheme}://${host}${rest}`),
      fc
        .tuple(allowedHost, fc.integer({ min: 0, max: 65_535 }), tail)
        .map(([host, port, rest]) => `https://${host}:${port}${rest}`),
      fc
        .tuple(
          fc.constantFrom('//', '\\\\', '/\\', '\\/', 'https:\\\\', 'https:/', 'https:'),
          evilHost,
        )
        .map(([prefix, evil]) => `${prefix}${evil}`),
    );
    fc.assert(
      fc.property(hostile, (url) => {
        expect(isAllowedRedirect(url, policy)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('whatever it lets through lands on an allowed origin, without credentials', () => {
    const anyUrl = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl({ authoritySettings: { withUserInfo: true, withPort: true } }),
      fc.string({ unit: 'binary' }),
      fc.tuple(allowedOrigin, fc.string({ unit: 'binary' })).map(([origin, rest]) => origin + rest),
      fc.string({ unit: 'binary' }).map((prefix) => `${prefix}https://checkout.stripe.com/pay`),
    );
    fc.assert(
      fc.property(anyUrl, fc.boolean(), (url, withDev) => {
        const verdict = isAllowedRedirect(url, withDev ? policy : productionPolicy);
        if (verdict) expect(landsSafely(url, withDev)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
