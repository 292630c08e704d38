import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient, type ScriptedAnswer } from '../auth/testing.ts';
import { formatEuros } from '../domain/formatting.ts';
import { builtInPlans, toDisplayedPlan } from '../domain/plans.ts';
import type { Licence } from '../licences/licences.types.ts';
import { createSubscriptionImplementations } from './subscription.actors.ts';
import { subscriptionMachine } from './subscription.machine.ts';
import {
  selectCancelDialog,
  selectCancellationNotice,
  selectCanCancel,
  selectCanResume,
  selectChangeDialog,
  selectCurrentPlanId,
  selectIsResuming,
  selectOffersPortal,
  selectPastDueWarning,
  selectPlanNotice,
  selectPlanOffer,
  selectResumeError,
} from './subscription.selectors.ts';
import { subscriptionStatusBadgeOf, trialDaysLeft } from './subscription.rules.ts';
import { subscriptionView } from './subscription.view.ts';
import type { SubscriptionStatus } from '../domain/subscription-status.ts';
import type { CurrentSubscription } from './subscription.types.ts';

const usage = { licensesUsed: 2, licensesLimit: 3, licensesRemaining: 1 };

function subscription(
  status: SubscriptionStatus,
  fields: Partial<NonNullable<CurrentSubscription['subscription']>> = {},
): CurrentSubscription {
  return {
    hasSubscription: status === 'trialing' || status === 'active' || status === 'past_due',
    subscription: {
      name: 'Scale',
      price: 39.99,
      plan_id: 'scale',
      billingCycle: 'monthly',
      status,
      current_period_end: '2026-12-22T10:00:00.000Z',
      trial_end: null,
      cancel_at_period_end: false,
      ...fields,
    },
    usage,
  };
}

const active = subscription('active');
const trial = subscription('trialing', {
  name: 'Basic',
  plan_id: 'basic',
  price: 19.99,
  trial_end: '2026-11-29T10:00:00.000Z',
  current_period_end: null,
});
const licence = (id: string, domain: string, status = 'active'): Licence => ({
  _id: id,
  custom_domain: domain,
  shop_domain: `${domain.split('.')[0]}.myshopify.com`,
  theme_name: 'Theme Portal',
  status,
  expires_at: null,
});
const threeLicences = [
  licence('l1', 'un.fr'),
  licence('l2', 'deux.fr'),
  licence('l3', 'trois.fr'),
  licence('l4', 'vieux.fr', 'inactive'),
];

/** The machine over the real client and a scripted server (answers may change between steps). */
function wired(current: CurrentSubscription, answers: Record<string, ScriptedAnswer> = {}) {
  const script: Record<string, ScriptedAnswer> = {
    'GET /api/client/subscription/current': { status: 200, body: current },
    'GET /api/client/licenses': { status: 200, body: { licenses: threeLicences } },
    'GET /api/client/plans': { status: 200, body: { plans: builtInPlans } },
    ...answers,
  };
  const { client, requests } = scriptedClient(script);
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const notify = vi.fn();
  const actor = createActor(
    subscriptionMachine.provide(
      createSubscriptionImplementations({
        client,
        notify,
        redirect: vi.fn(),
        redirectPolicy: { allowedOrigins: ['https://billing.stripe.com'] },
        isSignedIn: () => true,
      }),
    ),
    {
      input: {
        returnUrl: 'https://portal.test/dashboard?tab=subscription',
        checkout: {
          origin: 'https://portal.test',
          redirectPolicy: { allowedOrigins: ['https://checkout.stripe.com'] },
        },
      },
    },
  ).start();
  return { actor, requests, notify, script };
}

async function ready(current: CurrentSubscription, answers?: Record<string, ScriptedAnswer>) {
  const started = wired(current, answers);
  await waitFor(started.actor, (s) => s.matches('ready'));
  return started;
}

const plans = builtInPlans.map((plan) => toDisplayedPlan(plan, 'monthly'));
const card = (id: string) => plans.find((plan) => plan.id === id) ?? plans[0]!;

describe('status labels (one rule for the profile and the subscription tab)', () => {
  it.each([
    ['trialing', 'Essai gratuit', true, 'success'],
    ['active', 'Actif', true, 'success'],
    // Access is kept while the provider retries, but the customer must act.
    ['past_due', 'Paiement en échec', true, 'accent'],
    ['canceled', 'Résilié', false, 'accent'],
    ['trial_ended', 'Essai terminé', false, 'accent'],
  ] as const)('%s reads %s', async (status, label, gives, tone) => {
    const { actor } = await ready(subscription(status));
    expect(subscriptionStatusBadgeOf(actor.getSnapshot().context.current)).toEqual({
      active: gives,
      label,
      detail: null,
      tone,
    });
  });

  it("a past-due subscription warns and offers 'Mettre à jour ma carte' (the portal)", async () => {
    const { actor } = await ready(subscription('past_due'));
    expect(selectPastDueWarning(actor.getSnapshot())).toBe(
      'Votre dernier paiement a échoué. Mettez à jour votre carte pour garder votre abonnement.',
    );
    expect(selectPastDueWarning((await ready(active)).actor.getSnapshot())).toBeNull();
  });

  it("the provider's portal is offered to a paid subscription, running or ended", async () => {
    for (const status of ['active', 'past_due', 'canceled'] as const)
      expect(selectOffersPortal((await ready(subscription(status))).actor.getSnapshot())).toBe(
        true,
      );
    for (const current of [trial, subscription('trial_ended')])
      expect(selectOffersPortal((await ready(current)).actor.getSnapshot())).toBe(false);
  });
});

const now = Date.parse('2026-11-22T10:00:00.000Z');
/** The summary's figures line, as the tab's view model gives it. */
const figuresOf = async (current: CurrentSubscription) =>
  subscriptionView((await ready(current)).actor.getSnapshot(), now).summary?.figures;

describe('the summary', () => {
  it('says the price and the licences of a paid plan, the licences alone during a trial', async () => {
    expect(await figuresOf(active)).toBe(
      `${formatEuros(39.99)} par mois · 2 licences utilisées sur 3`,
    );
    const yearly = subscription('past_due', { billingCycle: 'yearly', price: 407.89 });
    expect(await figuresOf(yearly)).toBe(
      `${formatEuros(407.89)} par an · 2 licences utilisées sur 3`,
    );
    const oneUsed = {
      ...trial,
      usage: { licensesUsed: 1, licensesLimit: 1, licensesRemaining: 0 },
    };
    expect(await figuresOf(oneUsed)).toBe('1 licence utilisée sur 1');
    expect(await figuresOf(subscription('canceled'))).toBeNull();
    // A plan without a limit (999) says 'Illimité', as the licences tab does.
    const unlimited = {
      ...active,
      usage: { ...usage, licensesLimit: 999, licensesRemaining: 997 },
    };
    expect(await figuresOf(unlimited)).toBe(
      `${formatEuros(39.99)} par mois · 2 licences utilisées (Illimité)`,
    );
  });

  it.each([
    ['trialing', "Choisissez une formule ci-dessous pour continuer après l'essai."],
    ['trial_ended', 'Votre essai gratuit est terminé : choisissez un plan pour continuer.'],
    ['canceled', 'Votre abonnement est terminé : choisissez un plan pour continuer.'],
    ['active', null],
    ['past_due', null],
  ] as const)('%s: the next step is %s', async (status, notice) => {
    const snapshot = (await ready(subscription(status))).actor.getSnapshot();
    expect(selectPlanNotice(snapshot)).toBe(notice);
  });
});

describe('trial days left, on the injected clock', () => {
  it("counts calendar days: 7 at signup, '1 jour restant' the day before, 'dernier jour' on the day", async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-22T10:00:00.000Z'));
    const { actor } = await ready(trial);
    const line = () => subscriptionView(actor.getSnapshot(), clock.now()).summary?.trialLine;
    expect(line()).toBe('Essai gratuit : 7 jours restants');
    clock.increment(5 * 24 * 60 * 60 * 1000);
    expect(line()).toBe('Essai gratuit : 2 jours restants');
    clock.increment(24 * 60 * 60 * 1000);
    expect(line()).toBe('Essai gratuit : 1 jour restant');
    clock.set(Date.parse('2026-11-29T00:30:00.000Z'));
    expect(line()).toBe('Essai gratuit : dernier jour');
    // A client clock ahead of the server's never counts below the last day.
    clock.set(Date.parse('2026-11-30T09:00:00.000Z'));
    expect(line()).toBe('Essai gratuit : dernier jour');
  });

  it('only a running trial with an end has a line', async () => {
    expect(
      subscriptionView((await ready(active)).actor.getSnapshot(), now).summary?.trialLine,
    ).toBeNull();
    expect(trialDaysLeft(null, now)).toBeNull();
    expect(trialDaysLeft('pas une date', now)).toBeNull();
  });
});

describe('the plan grid', () => {
  it("a running paid subscription: its card is 'Formule actuelle', the others 'Passer à ce plan'", async () => {
    const snapshot = (await ready(active)).actor.getSnapshot();
    expect(selectPlanOffer(snapshot, card('scale'), plans, 'monthly')).toEqual({
      kind: 'current',
      label: 'Formule actuelle',
    });
    expect(selectPlanOffer(snapshot, card('basic'), plans, 'monthly')).toEqual({
      kind: 'change',
      label: 'Passer à ce plan',
    });
    // The same plan on the other cycle is a change like any other.
    expect(selectCurrentPlanId(snapshot, plans, 'yearly')).toBeNull();
    expect(selectPlanOffer(snapshot, card('scale'), plans, 'yearly').kind).toBe('change');
  });

  it.each(['trialing', 'trial_ended', 'canceled'] as const)(
    "%s: every card subscribes through the checkout ('Choisir ce plan')",
    async (status) => {
      const snapshot = (await ready(subscription(status))).actor.getSnapshot();
      for (const plan of plans)
        expect(selectPlanOffer(snapshot, plan, plans, 'monthly')).toEqual({
          kind: 'checkout',
          label: 'Choisir ce plan',
        });
    },
  );
});

describe('plan change', () => {
  it('within the limit: the confirmation shows the new price, PUT without licences, notified', async () => {
    const { actor, requests, notify, script } = await ready(active);
    const changed = subscription('active', { name: 'Business', plan_id: 'business', price: 79.99 });
    script['PUT /api/client/subscription/current'] = { status: 200, body: changed };
    actor.send({
      type: 'subscription.choosePlan',
      plan: { planId: 'business', name: 'Business', price: 79.99, billingCycle: 'monthly' },
    });
    expect(selectChangeDialog(actor.getSnapshot())?.loading).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { changing: 'confirming' } }));
    expect(selectChangeDialog(actor.getSnapshot())).toMatchObject({
      planName: 'Business',
      newPrice: `Nouveau tarif : ${formatEuros(79.99)} / mois`,
      keep: null,
      error: null,
    });
    actor.send({ type: 'subscription.confirmChange' });
    expect(selectChangeDialog(actor.getSnapshot())?.saving).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/client/subscription/current',
      body: { plan_id: 'business', billingCycle: 'monthly' },
    });
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Votre plan a été modifié.' });
    expect(selectChangeDialog(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.current).toEqual(changed);
  });

  it('over the new limit: exactly that many licences are kept, none preselected', async () => {
    const { actor, requests, script } = await ready(active);
    script['PUT /api/client/subscription/current'] = { status: 200, body: active };
    actor.send({
      type: 'subscription.choosePlan',
      plan: { planId: 'basic', name: 'Basic', price: 203.89, billingCycle: 'yearly' },
    });
    await waitFor(actor, (s) => s.matches({ ready: { changing: 'confirming' } }));
    const dialog = selectChangeDialog(actor.getSnapshot());
    expect(dialog?.newPrice).toBe(`Nouveau tarif : ${formatEuros(203.89)} / an`);
    expect(dialog?.keep).toEqual({
      text: 'Le plan Basic permet 1 licence. Choisissez celle à garder active ; les autres seront désactivées, pas supprimées.',
      // Only the active ones are offered.
      licences: threeLicences.slice(0, 3),
      keptIds: [],
      count: '0 licence sélectionnée sur 1',
    });
    actor.send({ type: 'subscription.confirmChange' });
    expect(selectChangeDialog(actor.getSnapshot())?.error).toBe('Choisissez 1 licence à garder.');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    actor.send({ type: 'subscription.keepLicences', licenceIds: ['l3'] });
    actor.send({ type: 'subscription.keepLicences', licenceIds: ['l3', 'l1'] });
    expect(selectChangeDialog(actor.getSnapshot())?.keep?.count).toBe(
      '2 licences sélectionnées sur 1',
    );
    actor.send({ type: 'subscription.confirmChange' });
    expect(selectChangeDialog(actor.getSnapshot())?.error).toBe('Choisissez 1 licence à garder.');
    actor.send({ type: 'subscription.keepLicences', licenceIds: ['l3'] });
    actor.send({ type: 'subscription.confirmChange' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests.at(-1)?.body).toEqual({
      plan_id: 'basic',
      billingCycle: 'yearly',
      keep_licence_ids: ['l3'],
    });
  });

  it("a refusal keeps the confirmation open with the server's words and the ticks", async () => {
    const guard =
      'Le plan Basic permet 1 licence active et vous en gardez 2 : choisissez les licences à garder.';
    const { actor, notify } = await ready(active, {
      'PUT /api/client/subscription/current': { status: 409, body: { message: guard } },
    });
    actor.send({
      type: 'subscription.choosePlan',
      plan: { planId: 'basic', name: 'Basic', price: 19.99, billingCycle: 'monthly' },
    });
    await waitFor(actor, (s) => s.matches({ ready: { changing: 'confirming' } }));
    actor.send({ type: 'subscription.keepLicences', licenceIds: ['l2'] });
    actor.send({ type: 'subscription.confirmChange' });
    await waitFor(actor, (s) => selectChangeDialog(s)?.error === guard);
    expect(actor.getSnapshot().matches({ ready: { changing: 'confirming' } })).toBe(true);
    expect(selectChangeDialog(actor.getSnapshot())?.keep?.keptIds).toEqual(['l2']);
    expect(notify).not.toHaveBeenCalled();
    // Closing drops the choice; the next change starts afresh.
    actor.send({ type: 'subscription.closeDialog' });
    expect(selectChangeDialog(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.keepIds).toEqual([]);
  });

  it('a failed preparation says so and can be tried again', async () => {
    const { actor, script } = await ready(active, {
      'GET /api/client/licenses': { status: 500, body: {} },
    });
    actor.send({
      type: 'subscription.choosePlan',
      plan: { planId: 'business', name: 'Business', price: 79.99, billingCycle: 'monthly' },
    });
    await waitFor(actor, (s) => selectChangeDialog(s)?.failed === true);
    expect(selectChangeDialog(actor.getSnapshot())?.error).toBe('Erreur lors du chargement.');
    script['GET /api/client/licenses'] = { status: 200, body: { licenses: [] } };
    actor.send({ type: 'subscription.retryPreparation' });
    await waitFor(actor, (s) => s.matches({ ready: { changing: 'confirming' } }));
    expect(selectChangeDialog(actor.getSnapshot())?.error).toBeNull();
  });

  it('no change from a trial or an ended subscription (a checkout), nor to the same plan and cycle', async () => {
    const scaleMonthly = {
      planId: 'scale',
      name: 'Scale',
      price: 39.99,
      billingCycle: 'monthly',
    } as const;
    for (const current of [trial, subscription('trial_ended'), subscription('canceled')]) {
      const { actor, requests } = await ready(current);
      actor.send({
        type: 'subscription.choosePlan',
        plan: { ...scaleMonthly, planId: 'business' },
      });
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      // They subscribe through the checkout (the child machine) instead.
      const checkout = actor.getSnapshot().children.checkout;
      expect(checkout?.getSnapshot().matches('processing')).toBe(true);
      if (checkout !== undefined) await waitFor(checkout, (s) => s.matches('idle'));
      expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /api/client/subscription/checkout',
      );
      expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    }
    const { actor } = await ready(active);
    actor.send({ type: 'subscription.choosePlan', plan: scaleMonthly });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({
      type: 'subscription.choosePlan',
      plan: { ...scaleMonthly, billingCycle: 'yearly', price: 407.89 },
    });
    expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
  });
});

describe('cancel at period end, and resume', () => {
  const cancelling = subscription('active', { cancel_at_period_end: true });

  it("confirms with the end date, posts, then shows 'Se termine le …' and offers to resume", async () => {
    const { actor, requests, notify } = await ready(active, {
      'POST /api/client/subscription/cancel': { status: 200, body: cancelling },
    });
    expect(selectCanCancel(actor.getSnapshot())).toBe(true);
    expect(selectCanResume(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'subscription.cancel' });
    expect(selectCancelDialog(actor.getSnapshot())).toEqual({
      text: "Votre abonnement restera actif jusqu'au 22 décembre 2026, puis sera résilié.",
      saving: false,
      error: null,
    });
    actor.send({ type: 'subscription.confirmCancel' });
    expect(selectCancelDialog(actor.getSnapshot())?.saving).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/client/subscription/cancel',
    });
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Votre abonnement sera résilié le 22 décembre 2026.',
    });
    expect(selectCancellationNotice(actor.getSnapshot())).toBe('Se termine le 22 décembre 2026');
    expect(selectCanCancel(actor.getSnapshot())).toBe(false);
    expect(selectCanResume(actor.getSnapshot())).toBe(true);
  });

  it("a refused cancel keeps the confirmation with the server's words", async () => {
    const { actor } = await ready(active, {
      'POST /api/client/subscription/cancel': {
        status: 409,
        body: { message: 'Aucun abonnement actif à résilier.' },
      },
    });
    actor.send({ type: 'subscription.cancel' });
    actor.send({ type: 'subscription.confirmCancel' });
    await waitFor(actor, (s) => selectCancelDialog(s)?.error !== null);
    expect(selectCancelDialog(actor.getSnapshot())?.error).toBe(
      'Aucun abonnement actif à résilier.',
    );
    actor.send({ type: 'subscription.closeDialog' });
    expect(selectCancelDialog(actor.getSnapshot())).toBeNull();
  });

  it("resumes: 'Votre abonnement a repris.'; a refusal shows the server's words", async () => {
    const { actor, notify, script } = await ready(cancelling, {
      'POST /api/client/subscription/resume': { status: 200, body: active },
    });
    actor.send({ type: 'subscription.resume' });
    expect(selectIsResuming(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Votre abonnement a repris.' });
    expect(selectCancellationNotice(actor.getSnapshot())).toBeNull();

    const refused = 'Cet abonnement est terminé : choisissez un plan pour vous abonner de nouveau.';
    script['POST /api/client/subscription/resume'] = { status: 409, body: { message: refused } };
    script['POST /api/client/subscription/cancel'] = { status: 200, body: cancelling };
    actor.send({ type: 'subscription.cancel' });
    actor.send({ type: 'subscription.confirmCancel' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'subscription.resume' });
    await waitFor(actor, (s) => selectResumeError(s) !== null);
    expect(selectResumeError(actor.getSnapshot())).toBe(refused);
  });

  it('an ended subscription can neither be cancelled nor resumed', async () => {
    const { actor } = await ready(subscription('canceled', { cancel_at_period_end: true }));
    expect(selectCanCancel(actor.getSnapshot())).toBe(false);
    expect(selectCanResume(actor.getSnapshot())).toBe(false);
    expect(selectCancellationNotice(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'subscription.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
