import { describe, expect, test } from 'vitest';
import { planChoiceFromQuery, pricingTarget } from './pricing.preselection.ts';

describe('plan choice from the address', () => {
  test.each([
    ['?plan=scale&billing=yearly', { planId: 'scale', billingCycle: 'yearly' }],
    ['plan=basic&billing=monthly', { planId: 'basic', billingCycle: 'monthly' }],
    ['?plan=%20business%20', { planId: 'business', billingCycle: null }],
    ['?billing=yearly', { planId: null, billingCycle: 'yearly' }],
    ['?plan=&billing=weekly', { planId: null, billingCycle: null }],
    ['?billing=YEARLY', { planId: null, billingCycle: null }],
    [`?plan=${'x'.repeat(101)}`, { planId: null, billingCycle: null }],
    ['', { planId: null, billingCycle: null }],
  ])('%s reads as %j', (search, choice) => {
    expect(planChoiceFromQuery(search)).toEqual(choice);
    expect(planChoiceFromQuery(new URLSearchParams(search))).toEqual(choice);
  });

  test('the pricing section of the landing page, with the choice in its query', () => {
    expect(pricingTarget({ planId: 'scale', billingCycle: 'yearly' })).toBe(
      '/?plan=scale&billing=yearly#pricing',
    );
    expect(pricingTarget({ planId: 'basic', billingCycle: null })).toBe('/?plan=basic#pricing');
    expect(pricingTarget({ planId: null, billingCycle: null })).toBe('/#pricing');
    // An id is a query value, never a way out of it.
    expect(pricingTarget({ planId: 'a&b=c#x', billingCycle: 'monthly' })).toBe(
      '/?plan=a%26b%3Dc%23x&billing=monthly#pricing',
    );
  });

  test('what a target carries reads back as the same choice', () => {
    const choice = { planId: 'scale', billingCycle: 'yearly' } as const;
    const target = new URL(pricingTarget(choice), 'https://portal.test');
    expect(target.pathname).toBe('/');
    expect(target.hash).toBe('#pricing');
    expect(planChoiceFromQuery(target.search)).toEqual(choice);
  });
});
