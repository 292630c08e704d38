import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_AGAIN_IN,
  licenceHosts,
  licenceTokenClaims,
  licenceVerdict,
  normalizeHost,
  type VerifiableLicence,
} from './licence-verification.ts';
import { messages } from './messages.ts';
import type { SubscriptionStatus } from './subscription-status.ts';

const words = messages.licenceVerification;

const licence = (fields: Partial<VerifiableLicence> = {}): VerifiableLicence => ({
  id: 'lic-1',
  custom_domain: 'boutique-x.fr',
  shop_domain: 'boutique-x.myshopify.com',
  status: 'active',
  suspended: false,
  subscription: 'active',
  plan: 'Scale',
  ...fields,
});

describe('a storefront host, normalised (docs/product.md, "Licence verification")', () => {
  it('lowers the case, drops the port and the trailing dot, writes an IDN in punycode', () => {
    expect(normalizeHost('www.Boutique-X.FR')).toBe('www.boutique-x.fr');
    expect(normalizeHost('boutique-x.fr.')).toBe('boutique-x.fr');
    expect(normalizeHost('boutique-x.fr:8443')).toBe('boutique-x.fr');
    expect(normalizeHost(' Boutique-X.fr.:443 ')).toBe('boutique-x.fr');
    expect(normalizeHost('Bücher.de')).toBe('xn--bcher-kva.de');
    expect(normalizeHost('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
    expect(normalizeHost('ｂｏｕｔｉｑｕｅ．ｆｒ')).toBe('boutique.fr');
    expect(normalizeHost('localhost')).toBe('localhost');
  });

  it('keeps IP addresses in their canonical form (no licence pairs one, so they verify inactive)', () => {
    expect(normalizeHost('192.168.1.20:8080')).toBe('192.168.1.20');
    expect(normalizeHost('0x7f.1')).toBe('127.0.0.1');
    expect(normalizeHost('[::1]:9292')).toBe('[::1]');
    expect(normalizeHost('[2001:DB8::1]')).toBe('[2001:db8::1]');
  });

  it('refuses what is no host name', () => {
    for (const bad of [
      '',
      '   ',
      'boutique x.fr',
      'https://boutique-x.fr',
      'boutique-x.fr/collections',
      'boutique-x.fr?x=1',
      'boutique-x.fr#top',
      'camille@boutique-x.fr',
      'bou%74ique.fr',
      'back\\slash.fr',
      'under_score.fr',
      '-boutique.fr',
      'boutique..fr',
      'boutique.fr..',
      '.',
      '::1',
      'boutique.fr:99999',
      'xn--zz',
      'a\u0000.fr',
      'tab\t.fr',
      `${'a'.repeat(63)}.`.repeat(4) + 'fr',
      'a'.repeat(300),
    ]) {
      expect(normalizeHost(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('is idempotent, and what it answers has no upper case, port or trailing dot', () => {
    const label = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,10}[A-Za-z0-9])?$/);
    const hostLike = fc
      .tuple(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      )
      .map(
        ([labels, dot, port]) =>
          `${labels.join('.')}${dot ? '.' : ''}${port === undefined ? '' : `:${port}`}`,
      );
    const anyText = fc.oneof(hostLike, fc.string({ maxLength: 40 }), fc.webUrl());
    fc.assert(
      fc.property(anyText, (input) => {
        const host = normalizeHost(input);
        if (host === undefined) return;
        expect(normalizeHost(host)).toBe(host);
        expect(host).toBe(host.toLowerCase());
        expect(host.endsWith('.')).toBe(false);
        if (!host.startsWith('[')) expect(host).not.toContain(':');
      }),
    );
    fc.assert(
      fc.property(hostLike, (input) => {
        const bare = input.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
        // A name whose last label is all digits is read as an IPv4 address, and may change.
        if (/\.\d+$|^\d+$/.test(bare)) return;
        expect(normalizeHost(input)).toBe(bare);
      }),
    );
  });
});

describe('the hosts a licence allows', () => {
  it('are its custom domain, that domain with or without www., and the shop’s own domain', () => {
    expect(licenceHosts(licence())).toEqual([
      'boutique-x.fr',
      'www.boutique-x.fr',
      'boutique-x.myshopify.com',
    ]);
    expect(licenceHosts(licence({ custom_domain: 'www.boutique-x.fr' }))).toEqual([
      'www.boutique-x.fr',
      'boutique-x.fr',
      'boutique-x.myshopify.com',
    ]);
  });
});

describe('the verdict', () => {
  const host = 'www.boutique-x.fr';

  it('follows the subscription as the portal judges it', () => {
    const cases: [SubscriptionStatus | undefined, string, string | undefined, number][] = [
      ['trialing', 'trial', undefined, 43_200],
      ['active', 'active', undefined, 43_200],
      ['past_due', 'grace', words.grace, 3_600],
      ['canceled', 'inactive', messages.subscriptionRules.subscriptionEnded, 3_600],
      ['trial_ended', 'inactive', messages.subscriptionRules.trialEnded, 3_600],
      [undefined, 'inactive', messages.subscriptionRules.subscriptionEnded, 3_600],
    ];
    for (const [subscription, status, message, checkAgainIn] of cases) {
      const verdict = licenceVerdict([licence({ subscription })], host);
      expect(verdict, String(subscription)).toEqual({
        status,
        ...(message === undefined ? {} : { message }),
        hosts: ['boutique-x.fr', 'www.boutique-x.fr', 'boutique-x.myshopify.com'],
        check_again_in: checkAgainIn,
        licence: licence({ subscription }),
      });
    }
  });

  it('is inactive for a suspended licence and for one a plan change set aside', () => {
    expect(licenceVerdict([licence({ suspended: true })], host)).toMatchObject({
      status: 'inactive',
      message: words.suspended,
      check_again_in: 3_600,
    });
    expect(licenceVerdict([licence({ status: 'inactive' })], host)).toMatchObject({
      status: 'inactive',
      message: words.setAside,
    });
    // Suspended and ended: the suspension is what the owner must hear about.
    expect(
      licenceVerdict([licence({ suspended: true, subscription: 'canceled' })], host).message,
    ).toBe(words.suspended);
  });

  it('allows the custom domain, its www. form and the shop’s own domain, nothing else', () => {
    for (const allowed of ['boutique-x.fr', 'www.boutique-x.fr', 'boutique-x.myshopify.com']) {
      expect(licenceVerdict([licence()], allowed).status, allowed).toBe('active');
    }
    for (const other of ['autre.fr', 'shop.boutique-x.fr', 'boutique-x.fr.evil.com']) {
      expect(licenceVerdict([licence()], other), other).toEqual({
        status: 'inactive',
        message: words.hostNotPaired(other),
        hosts: ['boutique-x.fr', 'www.boutique-x.fr', 'boutique-x.myshopify.com'],
        check_again_in: 3_600,
        licence: licence(),
      });
    }
  });

  it('without a licence, is inactive for the host asked about alone', () => {
    expect(licenceVerdict([], host)).toEqual({
      status: 'inactive',
      message: words.noLicence,
      hosts: [host],
      check_again_in: 3_600,
    });
  });

  it('lets the host pick among a shop’s licences, and the best one for the shop’s own domain', () => {
    const first = licence({ id: 'a', custom_domain: 'premiere.fr', status: 'inactive' });
    const second = licence({ id: 'b', custom_domain: 'seconde.fr' });
    expect(licenceVerdict([first, second], 'premiere.fr')).toMatchObject({
      status: 'inactive',
      licence: { id: 'a' },
    });
    expect(licenceVerdict([first, second], 'www.seconde.fr')).toMatchObject({
      status: 'active',
      licence: { id: 'b' },
      hosts: ['seconde.fr', 'www.seconde.fr', 'boutique-x.myshopify.com'],
    });
    expect(licenceVerdict([first, second], 'boutique-x.myshopify.com')).toMatchObject({
      status: 'active',
      licence: { id: 'b' },
    });
    // A host neither pairs: the oldest licence is named.
    expect(licenceVerdict([first, second], 'autre.fr').licence?.id).toBe('a');
  });

  const subscriptions = fc.constantFrom<SubscriptionStatus | undefined>(
    'trialing',
    'active',
    'past_due',
    'canceled',
    'trial_ended',
    undefined,
  );
  const domains = fc.constantFrom('a.fr', 'www.a.fr', 'b.fr', 'c.com');
  const licences = fc.array(
    fc.record({
      id: fc.uuid(),
      custom_domain: domains,
      shop_domain: fc.constant('shop.myshopify.com'),
      status: fc.constantFrom('active', 'inactive', 'expired'),
      suspended: fc.boolean(),
      subscription: subscriptions,
      plan: fc.option(fc.constantFrom('Basic', 'Scale'), { nil: null }),
    }),
    { maxLength: 4 },
  );
  const hosts = fc.constantFrom(
    'a.fr',
    'www.a.fr',
    'b.fr',
    'www.c.com',
    'shop.myshopify.com',
    'x.fr',
  );

  it('is positive only for a licence that allows the host, is not suspended nor set aside, under a subscription that gives access', () => {
    fc.assert(
      fc.property(licences, hosts, (shopLicences, asked) => {
        const verdict = licenceVerdict(shopLicences, asked);
        const positive = verdict.status === 'active' || verdict.status === 'trial';
        expect(verdict.check_again_in).toBe(
          positive ? CHECK_AGAIN_IN.positive : CHECK_AGAIN_IN.negative,
        );
        expect(verdict.message === undefined).toBe(positive);
        if (verdict.status === 'inactive') return;
        const chosen = verdict.licence;
        expect(chosen).toBeDefined();
        expect(chosen?.suspended).toBe(false);
        expect(chosen?.status).toBe('active');
        expect(['trialing', 'active', 'past_due']).toContain(chosen?.subscription);
        expect(verdict.hosts).toContain(asked);
      }),
    );
  });

  it('never answers positively for a host whose every licence is suspended', () => {
    fc.assert(
      fc.property(licences, hosts, (shopLicences, asked) => {
        const suspended = shopLicences.map((one) => ({ ...one, suspended: true }));
        expect(licenceVerdict(suspended, asked).status).toBe('inactive');
      }),
    );
  });

  it('without a licence, depends on the host alone (an unknown shop and a licence-less one look alike)', () => {
    fc.assert(
      fc.property(hosts, (asked) => {
        expect(licenceVerdict([], asked)).toEqual(licenceVerdict([], asked));
        expect(licenceVerdict([], asked).hosts).toEqual([asked]);
        expect(licenceVerdict([], asked).licence).toBeUndefined();
      }),
    );
  });
});

describe('the token’s claims', () => {
  const base = { issuer: 'https://portail.example', shop: 'boutique-x.myshopify.com' };

  it('name the licence and its plan when there is one, never more', () => {
    const verdict = licenceVerdict([licence()], 'boutique-x.fr');
    expect(
      licenceTokenClaims({ ...base, verdict, latestVersion: '2.1.0', issuedAt: 1_000 }),
    ).toEqual({
      iss: 'https://portail.example',
      aud: 'boutique-x.myshopify.com',
      sub: 'lic-1',
      status: 'active',
      hosts: ['boutique-x.fr', 'www.boutique-x.fr', 'boutique-x.myshopify.com'],
      plan: 'Scale',
      latest_version: '2.1.0',
      iat: 1_000,
      exp: 44_200,
    });
    const none = licenceTokenClaims({
      ...base,
      verdict: licenceVerdict([], 'boutique-x.fr'),
      latestVersion: '2.1.0',
      issuedAt: 1_000,
    });
    expect(Object.keys(none).sort()).toEqual(
      ['aud', 'exp', 'hosts', 'iat', 'iss', 'latest_version', 'status'].sort(),
    );
  });

  it('always expire check_again_in seconds after they were issued', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          licence(),
          licence({ subscription: 'past_due' }),
          licence({ suspended: true }),
        ),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (one, issuedAt) => {
          const verdict = licenceVerdict([one], 'boutique-x.fr');
          const claims = licenceTokenClaims({ ...base, verdict, latestVersion: '1', issuedAt });
          expect(claims.exp - claims.iat).toBe(verdict.check_again_in);
        },
      ),
    );
  });
});
