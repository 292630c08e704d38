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
