import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultCheckoutLimit, loadConfig } from './config.ts';

describe('request budgets an operator sets', () => {
  it('the checkout budget per address defaults to 20 in 10 minutes', () => {
    expect(loadConfig({}).checkoutLimit).toEqual({ perAddress: 20, windowSeconds: 600 });
    expect(defaultCheckoutLimit).toEqual({ perAddress: 20, windowSeconds: 600 });
  });

  it('CHECKOUT_LIMIT_PER_ADDRESS sets it', () => {
    expect(loadConfig({ CHECKOUT_LIMIT_PER_ADDRESS: '1000' }).checkoutLimit.perAddress).toBe(1000);
  });

  it('a setting that is not a whole number stops the start', () => {
    expect(() => loadConfig({ CHECKOUT_LIMIT_PER_ADDRESS: 'beaucoup' })).toThrow(
      /CHECKOUT_LIMIT_PER_ADDRESS/,
    );
  });
});

describe('the licence verification’s settings (docs/operations.md, "Licence verification")', () => {
  it('limits 60 calls a minute per address and 1200 per shop unless told', () => {
    expect(loadConfig({}).verifyLimit).toEqual({ perAddress: 60, perShop: 1200 });
    const told = loadConfig({ VERIFY_LIMIT_PER_ADDRESS: '5', VERIFY_LIMIT_PER_SHOP: '7' });
    expect(told.verifyLimit).toEqual({ perAddress: 5, perShop: 7 });
    expect(() => loadConfig({ VERIFY_LIMIT_PER_SHOP: '0' })).toThrow(/VERIFY_LIMIT_PER_SHOP/);
  });

  it('takes an Ed25519 PKCS#8 PEM as LICENCE_SIGNING_KEY, its line breaks written \\n or not', () => {
    const pem = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(loadConfig({}).licenceSigningKey).toBeUndefined();
    expect(loadConfig({ LICENCE_SIGNING_KEY: pem }).licenceSigningKey).toBe(pem.trim());
    const oneLine = pem.trim().replace(/\n/g, '\\n');
    expect(loadConfig({ LICENCE_SIGNING_KEY: oneLine }).licenceSigningKey).toBe(pem.trim());
  });

  it('refuses to start with another kind of key or something else', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const publicOnly = generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'pem', type: 'spki' })
      .toString();
    for (const value of [rsa, publicOnly, 'pas une clé']) {
      expect(() => loadConfig({ LICENCE_SIGNING_KEY: value })).toThrow(/LICENCE_SIGNING_KEY/);
    }
  });
});
