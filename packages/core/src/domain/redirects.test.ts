import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isAllowedRedirect, type RedirectPolicy } from './redirects.ts';

const policy: RedirectPolicy = {
  allowedOrigins: ['https://checkout.stripe.com', 'https://billing.stripe.com'],
  allowedDevOrigins: ['http://localhost:3000'],
};

describe('isAllowedRedirect', () => {
  test.each([
    'https://checkout.stripe.com/c/pay/cs_test_123',
    'https://billing.stripe.com/p/session/abc?x=1',
    'http://localhost:3000/sandbox/checkout/cs_1',
  ])('accepts %s', (url) => {
    expect(isAllowedRedirect(url, policy)).toBe(true);
  });

  test.each([
    'javascript:alert(1)',
    '//evil.example',
    '/onboarding',
    'https://checkout.stripe.com.evil.example/pay',
    'https://user@evil.example',
    'https://checkout.stripe.com@evil.example/',
    'https://user:pw@checkout.stripe.com/pay',
    'http://checkout.stripe.com/pay',
    'https://evil.example/?https://checkout.stripe.com',
    'https://localhost:3000/',
    'http://localhost:3001/',
    'data:text/html,hi',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedRedirect(url, policy)).toBe(false);
  });

  test('plain http is refused when no development origin is configured', () => {
    expect(
      isAllowedRedirect('http://localhost:3000/x', {
        allowedOrigins: ['https://checkout.stripe.com'],
      }),
    ).toBe(false);
  });

  test('any path and query under an allowed origin passes', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const url = `https://checkout.stripe.com${path.startsWith('/') ? path : `/${path}`}?${query}`;
        expect(isAllowedRedirect(url, policy)).toBe(true);
      }),
    );
  });

  test('any other https host is refused, even one ending or starting like the provider', () => {
    fc.assert(
      fc.property(fc.domain(), fc.webPath(), (host, path) => {
        for (const candidate of [
          host,
          `checkout.stripe.com.${host}`,
          `${host}.checkout.stripe.com`,
        ]) {
          fc.pre(candidate !== 'checkout.stripe.com' && candidate !== 'billing.stripe.com');
          expect(isAllowedRedirect(`https://${candidate}${path}`, policy)).toBe(false);
          expect(isAllowedRedirect(`https://checkout.stripe.com@${candidate}${path}`, policy)).toBe(
            false,
          );
        }
      }),
    );
  });
});
