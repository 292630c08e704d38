import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  accessRefusal,
  effectiveStatus,
  givesAccess,
  isPaid,
  statusChangesAt,
  type SubscriptionClock,
} from './subscription-status.ts';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-15T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * day);
const row = (fields: Partial<SubscriptionClock>): SubscriptionClock => ({
  status: 'active',
  trial_end: null,
  cancel_at_period_end: false,
  current_period_end: at(20),
  ...fields,
});

describe('a subscription status, one owner (docs/product.md, "Subscription lifecycle")', () => {
  it('the clock ends a trial and a cancellation at their dates, and nothing else', () => {
    expect(effectiveStatus(row({ status: 'trialing', trial_end: at(1) }), now)).toBe('trialing');
    expect(effectiveStatus(row({ status: 'trialing', trial_end: at(0) }), now)).toBe('trial_ended');
    expect(effectiveStatus(row({ cancel_at_period_end: true }), now)).toBe('active');
    expect(
      effectiveStatus(row({ cancel_at_period_end: true, current_period_end: at(-1) }), now),
    ).toBe('canceled');
    expect(effectiveStatus(row({ status: 'past_due', current_period_end: at(-1) }), now)).toBe(
      'past_due',
    );
    expect(effectiveStatus(row({ status: 'canceled' }), now)).toBe('canceled');
  });

  it('only a trial, an active or a past-due subscription gives access; only the last two are paid', () => {
    const states = ['none', 'trialing', 'active', 'past_due', 'canceled', 'trial_ended'];
    expect(states.filter(givesAccess)).toEqual(['trialing', 'active', 'past_due']);
    expect(states.filter(isPaid)).toEqual(['active', 'past_due']);
    expect(givesAccess(undefined)).toBe(false);
  });

  it('refuses in the words the dashboard shows', () => {
    expect(accessRefusal('trial_ended')).toBe(messages.subscriptionRules.trialEnded);
    expect(accessRefusal('canceled')).toBe(messages.subscriptionRules.subscriptionEnded);
    expect(accessRefusal(undefined)).toBe(messages.subscriptionRules.subscriptionEnded);
  });

  it('the status never changes before statusChangesAt, and changes at it when one is given', () => {
    const date = fc.integer({ min: -40, max: 40 }).map(at);
    const rows = fc.record({
      status: fc.constantFrom('trialing', 'active', 'past_due', 'canceled'),
      trial_end: fc.option(date, { nil: null }),
      cancel_at_period_end: fc.boolean(),
      current_period_end: fc.option(date, { nil: null }),
    });
    fc.assert(
      fc.property(rows, fc.integer({ min: -40, max: 40 }).map(at), (subscription, earlier) => {
        const changesAt = statusChangesAt(subscription);
        const before = new Date(Math.min(earlier.getTime(), (changesAt ?? at(41)).getTime() - 1));
        const later = at(41);
        if (changesAt === null) {
          expect(effectiveStatus(subscription, later)).toBe(effectiveStatus(subscription, before));
        } else {
          expect(effectiveStatus(subscription, before)).not.toBe(
            effectiveStatus(subscription, changesAt),
          );
        }
      }),
    );
  });
});
