import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../auth/auth.types.ts';
import { builtInPlans, toDisplayedPlan } from '../domain/plans.ts';
import { isAllowedPortalUrl, subscriptionStatusBadgeOf } from './subscription.rules.ts';
import { profileView } from '../profile/profile.view.ts';
import { profileMachine } from '../profile/profile.machine.ts';
import { selectCurrentPlanId, selectCurrentSubscription } from './subscription.selectors.ts';
import { subscriptionView } from './subscription.view.ts';
import { loadedSubscription } from './testing.ts';
import type { ProfileOverview } from '../profile/profile.types.ts';
import type { CurrentSubscription } from './subscription.types.ts';

const customer: AuthUser = {
  _id: 'c1',
  first_name: 'Jeanne',
  last_name: 'Martin',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
};
const usage = { licensesUsed: 1, licensesLimit: 3, licensesRemaining: 2 };
const scale: CurrentSubscription = {
  hasSubscription: true,
  subscription: { name: 'Scale', price: 39.99 },
  usage,
};
const none: CurrentSubscription = { hasSubscription: false, subscription: null, usage };

const panel = loadedSubscription;

const withoutSubscription: ProfileOverview = { user: customer, subscription: none };

const plans = [
  { id: 'basic', name: 'Basic' },
  { id: 'scale', name: 'Scale' },
  { id: 'business', name: 'Business' },
];

describe('subscription panel', () => {
  it('marks the current plan by its name (the subscription carries name and price)', async () => {
    expect(selectCurrentPlanId(await panel(scale), plans)).toBe('scale');
  });

  it("prefers the subscription's plan id when the server sends one", async () => {
    const byId = { ...scale, subscription: { name: 'Ancien nom', price: 39.99, plan_id: 'basic' } };
    expect(selectCurrentPlanId(await panel(byId), plans)).toBe('basic');
  });

  it('no plan is current without a subscription or a match', async () => {
    expect(selectCurrentPlanId(await panel(none), plans)).toBeNull();
    const other = { ...scale, subscription: { name: 'Entreprise', price: 1 } };
    expect(selectCurrentPlanId(await panel(other), plans)).toBeNull();
  });

  it('works over the displayed plan cards', async () => {
    const cards = builtInPlans.map((plan) => toDisplayedPlan(plan, 'monthly'));
    const current = selectCurrentPlanId(await panel(scale), cards);
    expect(cards.find((card) => card.id === current)?.name).toBe('Scale');
  });

  it("the status badge is the profile's rule: Actif, or Inactif with Aucun abonnement", async () => {
    const badgeOf = async (current: CurrentSubscription) =>
      subscriptionStatusBadgeOf(selectCurrentSubscription(await panel(current)));
    expect(await badgeOf(scale)).toEqual({
      active: true,
      label: 'Actif',
      detail: null,
      tone: 'success',
    });
    expect(await badgeOf(none)).toEqual({
      active: false,
      label: 'Inactif',
      detail: 'Aucun abonnement',
      tone: 'accent',
    });
    const profile = createActor(
      profileMachine.provide({
        actors: {
          fetchProfile: fromPromise(async () => withoutSubscription),
        },
      }),
    ).start();
    await waitFor(profile, (s) => s.matches('viewing'));
    // Both views show it alike.
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    expect(profileView(profile.getSnapshot(), now).subscription?.badge).toEqual(
      subscriptionView(await panel(none), now).summary?.badge,
    );
    expect(subscriptionView(await panel(none), now).summary?.badge).toEqual({
      label: 'Inactif',
      tone: 'accent',
    });
  });
});

describe('portal allow-list', () => {
  const policy = {
    allowedOrigins: ['https://billing.stripe.com'],
    allowedDevOrigins: ['http://localhost:5173'],
  };
  it.each([
    ['https://billing.stripe.com/p/session/1', true],
    ['http://localhost:5173/sandbox/portal/ps_1', true],
    ['https://billing.stripe.com.evil.test/p', false],
    ['http://billing.stripe.com/p', false],
    [null, false],
  ])('%s is followed: %s', (url, allowed) => {
    expect(isAllowedPortalUrl(url, policy)).toBe(allowed);
  });
});
