import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyRecurringCents, mrrMovementsOf, subscriptionMrrCents } from './revenue.ts';

describe('monthly recurring revenue (docs/product.md#back-office)', () => {
  it('counts a monthly price as it is and a yearly one as its twelfth, rounded half up to the cent', () => {
    expect(monthlyRecurringCents('monthly', 3999)).toBe(3999);
    expect(monthlyRecurringCents('yearly', 20389)).toBe(1699);
    expect(monthlyRecurringCents('yearly', 40789)).toBe(3399);
    expect(monthlyRecurringCents('yearly', 81589)).toBe(6799);
    // A remainder of 6 twelfths is a half: up.
    expect(monthlyRecurringCents('yearly', 18)).toBe(2);
    expect(monthlyRecurringCents('yearly', 17)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (yearly) => {
        const monthly = monthlyRecurringCents('yearly', yearly);
        expect(Number.isInteger(monthly)).toBe(true);
        expect(Math.abs(monthly * 12 - yearly)).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('counts only a paid subscription running', () => {
    const scale = {
      billing_cycle: 'monthly',
      monthly_price_cents: 3999,
      yearly_price_cents: 40789,
    } as const;
    expect(subscriptionMrrCents({ ...scale, status: 'active' })).toBe(3999);
    expect(subscriptionMrrCents({ ...scale, status: 'past_due' })).toBe(3999);
    for (const status of ['trialing', 'trial_ended', 'canceled']) {
      expect(subscriptionMrrCents({ ...scale, status }), status).toBe(0);
    }
    expect(subscriptionMrrCents({ ...scale, billing_cycle: 'yearly', status: 'active' })).toBe(
      3399,
    );
  });

  it('sorts changes into new, expansion, contraction and churn, with their net', () => {
    expect(
      mrrMovementsOf([
        { before: 0, after: 1999 },
        { before: 1999, after: 3999 },
        { before: 7999, after: 3399 },
        { before: 3999, after: 0 },
        { before: 1999, after: 1999 },
      ]),
    ).toEqual({
      new_cents: 1999,
      expansion_cents: 2000,
      contraction_cents: 4600,
      churn_cents: 3999,
      net_cents: 1999 + 2000 - 4600 - 3999,
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ before: fc.nat(100_000), after: fc.nat(100_000) })),
        (changes) => {
          const { net_cents } = mrrMovementsOf(changes);
          const balance = changes.reduce((sum, { before, after }) => sum + after - before, 0);
          expect(net_cents).toBe(balance);
        },
      ),
    );
  });
});
