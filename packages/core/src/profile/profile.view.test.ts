import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AuthUser } from '../auth/auth.types.ts';
import { profileMachine } from './profile.machine.ts';
import { formatEuros } from '../domain/formatting.ts';
import type { CurrentSubscription } from '../subscription/subscription.types.ts';
import { loadedSubscription } from '../subscription/testing.ts';
import { subscriptionView } from '../subscription/subscription.view.ts';
import { selectProfileDetails } from './profile.selectors.ts';
import { profileView } from './profile.view.ts';

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

/** A customer without a phone or a company. */
const user = {
  _id: 'c1',
  email: 'marie@boutique.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  shop_domain: 'marie.myshopify.com',
  phone: null,
  company_name: '',
} as AuthUser;

describe('the profile view mode', () => {
  it('shows each field, null where the user has nothing', () => {
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

describe('the details in view mode', () => {
  it("says 'Non renseigné' where the customer left a field empty", () => {
    expect(profileView(withUser(user), 0).details).toEqual([
      { field: 'first_name', value: 'Marie' },
      { field: 'last_name', value: 'Curie' },
      { field: 'email', value: 'marie@boutique.fr' },
      { field: 'phone', value: 'Non renseigné' },
      { field: 'company_name', value: 'Non renseigné' },
      { field: 'shop_domain', value: 'marie.myshopify.com' },
    ]);
    expect(profileView(withUser(null), 0).details).toBeNull();
  });
});

const withSubscription = (subscription: CurrentSubscription) =>
  profileMachine.resolveState({
    value: 'viewing',
    context: { ...withUser(null).context, subscription },
  });

/** The subscription tab's summary of the same subscription (the one owner of its texts). */
const subscriptionTabOf = async (current: CurrentSubscription, now: number) =>
  subscriptionView(await loadedSubscription(current), now).summary;

const trial: CurrentSubscription = {
  hasSubscription: true,
  subscription: {
    name: 'Basic',
    price: 19.99,
    status: 'trialing',
    trial_end: '2026-11-29T10:00:00.000Z',
  },
  usage: { licensesUsed: 0, licensesLimit: 1, licensesRemaining: 1 },
};
const paid = (fields: Partial<NonNullable<CurrentSubscription['subscription']>>, limit = 3) =>
  ({
    hasSubscription: true,
    subscription: { name: 'Scale', price: 39.99, status: 'active', ...fields },
    usage: { licensesUsed: 2, licensesLimit: limit, licensesRemaining: Math.max(0, limit - 2) },
  }) satisfies CurrentSubscription;

describe('the profile subscription summary (docs/product.md#profile-tab)', () => {
  it('shows the trial days left on the injected clock, and no price during a trial', () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-22T10:00:00.000Z'));
    const snapshot = withSubscription(trial);
    expect(profileView(snapshot, clock.now()).subscription).toEqual({
      badge: { label: 'Essai gratuit', tone: 'success' },
      givesAccess: true,
      detail: null,
      trialLine: 'Essai gratuit : 7 jours restants',
      planName: 'Basic',
      figures: '0 licence utilisée sur 1',
    });
    clock.increment(6 * 24 * 60 * 60 * 1000);
    expect(profileView(snapshot, clock.now()).subscription?.trialLine).toBe(
      'Essai gratuit : 1 jour restant',
    );
    // Before the profile is loaded, as without a subscription.
    expect(profileView(withUser(null), clock.now()).subscription.badge.label).toBe('Inactif');
  });

  it("a paid plan: its price with its period and the licences used, 'Illimité' at 999", () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    const line = (current: CurrentSubscription) =>
      profileView(withSubscription(current), now).subscription?.figures;
    expect(line(paid({}))).toBe(`${formatEuros(39.99)} par mois · 2 licences utilisées sur 3`);
    expect(line(paid({ name: 'Basic', price: 19.99 }, 1))).toBe(
      `${formatEuros(19.99)} par mois · 2 licences utilisées sur 1`,
    );
    expect(line(paid({ billingCycle: 'yearly', price: 407.89 }))).toBe(
      `${formatEuros(407.89)} par an · 2 licences utilisées sur 3`,
    );
    expect(line(paid({ name: 'Entreprise', price: 99 }, 999))).toBe(
      `${formatEuros(99)} par mois · 2 licences utilisées (Illimité)`,
    );
  });

  it("says what the subscription tab's summary says, for every status", async () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    for (const current of [
      trial,
      paid({}),
      paid({}, 999),
      paid({ status: 'past_due', billingCycle: 'yearly' }),
      paid({ status: 'canceled' }),
      paid({ status: 'trial_ended' }),
    ]) {
      const profile = profileView(withSubscription(current), now).subscription;
      const tab = await subscriptionTabOf(current, now);
      expect(profile?.badge).toEqual(tab?.badge);
      expect(profile?.trialLine).toBe(tab?.trialLine);
      expect(profile?.figures).toBe(tab?.figures);
      expect(profile?.planName).toBe(tab?.title);
    }
  });
});
