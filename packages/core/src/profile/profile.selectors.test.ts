import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AuthUser } from '../auth/auth.types.ts';
import { profileMachine } from './profile.machine.ts';
import { selectProfileDetails, selectProfileTrialLine } from './profile.selectors.ts';

const withUser = (user: AuthUser | null) =>
  profileMachine.resolveState({
    value: 'viewing',
    context: {
      user,
      subscription: null,
      loadError: null,
      form: {
        first_name: '',
        last_name: '',
        email: '',
        shop_domain: '',
        phone: '',
        company_name: '',
      },
      fieldErrors: {},
      saveError: null,
    },
  });

describe('the profile view mode', () => {
  it('shows each field, null where the user has nothing', () => {
    const user = {
      _id: 'c1',
      email: 'marie@boutique.fr',
      first_name: 'Marie',
      last_name: 'Curie',
      shop_domain: 'marie.myshopify.com',
      phone: null,
      company_name: '',
    } as AuthUser;
    expect(selectProfileDetails(withUser(user))).toEqual({
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@boutique.fr',
      phone: null,
      company_name: null,
      shop_domain: 'marie.myshopify.com',
    });
  });

  it('has nothing to show before the profile is loaded', () => {
    expect(selectProfileDetails(withUser(null))).toBeNull();
  });
});

describe('the profile subscription summary', () => {
  it('shows the trial days left on the injected clock, as the subscription tab does', () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-22T10:00:00.000Z'));
    const snapshot = profileMachine.resolveState({
      value: 'viewing',
      context: {
        ...withUser(null).context,
        subscription: {
          hasSubscription: true,
          subscription: {
            name: 'Basic',
            price: 19.99,
            status: 'trialing',
            trial_end: '2026-11-29T10:00:00.000Z',
          },
          usage: { licensesUsed: 0, licensesLimit: 1, licensesRemaining: 1 },
        },
      },
    });
    expect(selectProfileTrialLine(snapshot, clock.now())).toBe('Essai gratuit : 7 jours restants');
    clock.increment(6 * 24 * 60 * 60 * 1000);
    expect(selectProfileTrialLine(snapshot, clock.now())).toBe('Essai gratuit : 1 jour restant');
    expect(selectProfileTrialLine(withUser(null), clock.now())).toBeNull();
  });
});
