import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient, type ScriptedAnswer } from '../auth/testing.ts';
import { formatEuros } from '../domain/formatting.ts';
import { builtInPlans, type Plan } from '../domain/plans.ts';
import { createSubscriptionImplementations } from './subscription.actors.ts';
import { subscriptionMachine } from './subscription.machine.ts';
import type { CurrentSubscription } from './subscription.types.ts';
import { subscriptionCommands, subscriptionView } from './subscription.view.ts';

// 'Mon abonnement' headless (docs/statecharts.md, the subscription machine and its children): the
// parent runs its real pricing and checkout children with their real implementations, over the
// real client and a scripted server; the tab's view model is read from all three.

const usage = { licensesUsed: 2, licensesLimit: 3, licensesRemaining: 1 };
const scale = (fields: Partial<NonNullable<CurrentSubscription['subscription']>> = {}) =>
  ({
    hasSubscription: true,
    subscription: {
      name: 'Scale',
      price: 39.99,
      plan_id: 'scale',
      billingCycle: 'monthly',
      status: 'active',
      current_period_end: '2026-12-22T10:00:00.000Z',
      trial_end: null,
      cancel_at_period_end: false,
      ...fields,
    },
    usage,
  }) satisfies CurrentSubscription;
const trial = scale({
  name: 'Basic',
  plan_id: 'basic',
  price: 19.99,
  status: 'trialing',
  trial_end: '2026-11-29T10:00:00.000Z',
  current_period_end: null,
});

const now = Date.parse('2026-11-22T10:00:00.000Z');
const origin = 'https://portal.test';

/** The server's plans: Scale at another price than the built-in one, so the child's answer shows. */
const serverPlans: Plan[] = builtInPlans.map((plan) =>
  plan.id === 'scale' ? { ...plan, monthlyPrice: 44.99 } : plan,
);

function tab(current: CurrentSubscription, answers: Record<string, ScriptedAnswer> = {}) {
  const script: Record<string, ScriptedAnswer> = {
    'GET /api/client/subscription/current': { status: 200, body: current },
    'GET /api/client/plans': { status: 200, body: { plans: serverPlans } },
    ...answers,
  };
  const { client, requests } = scriptedClient(script);
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const effects = { notify: vi.fn(), redirect: vi.fn() };
  const actor = createActor(
    subscriptionMachine.provide(
      createSubscriptionImplementations({
        client,
        ...effects,
        redirectPolicy: { allowedOrigins: ['https://billing.stripe.com'] },
        isSignedIn: () => true,
      }),
    ),
    {
      input: {
        returnUrl: `${origin}/dashboard?tab=subscription`,
        checkout: { origin, redirectPolicy: { allowedOrigins: ['https://checkout.stripe.com'] } },
      },
    },
  ).start();
  const view = () => subscriptionView(actor.getSnapshot(), now);
  const card = (planId: string) => view().grid.cards.find((shown) => shown.plan.id === planId);
  return { actor, script, requests, view, card, ...subscriptionCommands(actor.send), ...effects };
}

type Tab = ReturnType<typeof tab>;
const loaded = (opened: Tab) =>
  waitFor(
    opened.actor,
    (s) => s.matches('ready') && s.children.pricing?.getSnapshot().matches('ready') === true,
  );

describe('the tab before the subscription is known', () => {
  it('loads; every card waits (a change cannot be told from a checkout yet)', () => {
    const opened = tab(scale(), {
      'GET /api/client/subscription/current': { status: 200, body: scale() },
    });
    const view = opened.view();
    expect(view.loading).toBe(true);
    expect(view.summary).toBeNull();
    expect(view.grid.ready).toBe(false);
    expect(view.grid.cards.map((shown) => shown.plan.name)).toEqual(['Basic', 'Scale', 'Business']);
    expect(view.grid.cards.every((shown) => shown.button.disabled)).toBe(true);
  });
});

describe('the pricing and checkout children, under the parent', () => {
  it('are the invoked children of the subscription actor, in its system', async () => {
    const opened = tab(scale());
    const { children } = opened.actor.getSnapshot();
    expect(children.pricing).toBe(opened.actor.system.get('pricing'));
    expect(children.checkout).toBe(opened.actor.system.get('checkout'));
    expect(children.pricing?._parent).toBe(opened.actor);
    expect(children.checkout?._parent).toBe(opened.actor);
    await loaded(opened);
  });

  it("the grid shows the pricing child's plans and billing cycle", async () => {
    const opened = tab(scale());
    await loaded(opened);
    expect(opened.card('scale')?.plan.price).toBe(44.99);
    opened.setCycle('yearly');
    const view = opened.view();
    expect(view.grid.billingCycle).toBe('yearly');
    expect(opened.card('scale')?.plan.price).toBe(407.89);
    // The same plan on the other cycle is a change like any other.
    expect(opened.card('scale')?.button).toMatchObject({
      label: 'Passer à ce plan',
      disabled: false,
    });
  });
});

describe('a running paid subscription', () => {
  it('the summary, its actions, and the grid: the current card marked, the others changes', async () => {
    const opened = tab(scale());
    await loaded(opened);
    const { summary, grid } = opened.view();
    expect(summary).toEqual({
      title: 'Scale',
      badge: { label: 'Actif', tone: 'success' },
      trialLine: null,
      figures: `${formatEuros(39.99)} par mois · 2 licences utilisées sur 3`,
      endsOn: null,
      planNotice: null,
      pastDue: null,
      errors: [],
      actions: {
        resume: null,
        manage: { label: 'Gérer mon abonnement', pending: false },
        cancel: { label: 'Résilier mon abonnement', pending: false },
      },
    });
    expect(grid.ready).toBe(true);
    expect(opened.card('scale')).toMatchObject({
      marker: 'Formule actuelle',
      button: { label: 'Formule actuelle', variant: 'secondary', disabled: true },
    });
    expect(opened.card('basic')).toMatchObject({
      marker: null,
      button: { label: 'Passer à ce plan', variant: 'primary', disabled: false, pending: false },
      choice: { planId: 'basic', name: 'Basic', price: 19.99, billingCycle: 'monthly' },
    });
  });

  it("while the portal opens every card waits and the button says 'Redirection…'", async () => {
    const opened = tab(scale(), {
      'POST /api/stripe/customer-portal': {
        status: 200,
        body: { data: { url: 'https://billing.stripe.com/p/1' } },
      },
    });
    await loaded(opened);
    opened.openPortal();
    expect(opened.view().summary?.actions?.manage).toEqual({
      label: 'Redirection…',
      pending: true,
    });
    expect(opened.view().grid.cards.every((shown) => shown.button.disabled)).toBe(true);
    await waitFor(opened.actor, (s) => s.matches({ ready: 'redirecting' }));
    expect(opened.redirect).toHaveBeenCalledWith('https://billing.stripe.com/p/1');
  });

  it("choosing another card opens the change's confirmation, not a checkout", async () => {
    const opened = tab(scale(), {
      'GET /api/client/licenses': { status: 200, body: { licenses: [] } },
    });
    await loaded(opened);
    const business = opened.card('business');
    if (business === undefined) throw new Error('no Business card');
    opened.choosePlan(business.choice);
    expect(opened.view().changeDialog?.confirm).toEqual({
      label: 'Confirmer le changement',
      pending: false,
      disabled: true,
    });
    await waitFor(opened.actor, (s) => s.matches({ ready: { changing: 'confirming' } }));
    expect(opened.view().changeDialog).toMatchObject({
      planName: 'Business',
      newPrice: `Nouveau tarif : ${formatEuros(79.99)} / mois`,
      confirm: { disabled: false },
    });
    expect(opened.actor.getSnapshot().children.checkout?.getSnapshot().matches('idle')).toBe(true);
  });

  it("the cancellation's confirmation says 'Résiliation…' while it is sent", async () => {
    const opened = tab(scale(), {
      'POST /api/client/subscription/cancel': {
        status: 200,
        body: scale({ cancel_at_period_end: true }),
      },
    });
    await loaded(opened);
    opened.cancelSubscription();
    expect(opened.view().cancelDialog).toEqual({
      text: "Votre abonnement restera actif jusqu'au 22 décembre 2026, puis sera résilié.",
      saving: false,
      error: null,
      confirm: { label: 'Résilier mon abonnement', pending: false },
    });
    opened.confirmCancel();
    expect(opened.view().cancelDialog?.confirm).toEqual({ label: 'Résiliation…', pending: true });
    await waitFor(opened.actor, (s) => s.matches({ ready: 'idle' }));
    expect(opened.view().summary).toMatchObject({
      endsOn: 'Se termine le 22 décembre 2026',
      actions: { resume: { label: 'Reprendre mon abonnement' }, cancel: null },
    });
  });
});

describe('a trial: every card buys through the checkout child', () => {
  it("the chosen card says 'Préparation du paiement…' and the others wait, then the browser leaves", async () => {
    const opened = tab(trial, {
      'POST /api/client/subscription/checkout': {
        status: 200,
        body: { data: { id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' } },
      },
    });
    await loaded(opened);
    expect(opened.view().summary).toMatchObject({
      title: 'Basic',
      trialLine: 'Essai gratuit : 7 jours restants',
      figures: '2 licences utilisées sur 3',
      actions: null,
    });
    const scaleCard = opened.card('scale');
    if (scaleCard === undefined) throw new Error('no Scale card');
    expect(scaleCard.button.label).toBe('Choisir ce plan');
    opened.choosePlan(scaleCard.choice);
    expect(opened.card('scale')?.button).toMatchObject({
      label: 'Préparation du paiement…',
      pending: true,
      disabled: false,
    });
    expect(opened.card('basic')?.button.disabled).toBe(true);
    const checkout = opened.actor.getSnapshot().children.checkout;
    if (checkout === undefined) throw new Error('no checkout child');
    await waitFor(checkout, (s) => s.matches('idle'));
    expect(opened.redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
    const sent = opened.requests.find((request) => request.path.endsWith('/subscription/checkout'));
    expect(sent?.body).toMatchObject({ plan_id: 'scale', billingCycle: 'monthly' });
    expect(opened.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a checkout answer without an address: the default error, the cards free again', async () => {
    const opened = tab(trial, {
      'POST /api/client/subscription/checkout': { status: 200, body: { data: { id: 'cs_2' } } },
    });
    await loaded(opened);
    const basic = opened.card('basic');
    if (basic === undefined) throw new Error('no Basic card');
    opened.choosePlan(basic.choice);
    const checkout = opened.actor.getSnapshot().children.checkout;
    if (checkout === undefined) throw new Error('no checkout child');
    await waitFor(checkout, (s) => s.matches('idle'));
    expect(opened.actor.getSnapshot().status).toBe('active');
    expect(opened.notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Une erreur est survenue lors du traitement du paiement.',
    });
    expect(opened.redirect).not.toHaveBeenCalled();
    expect(opened.view().grid.cards.map((shown) => shown.button)).toEqual(
      ['Basic', 'Scale', 'Business'].map(() => ({
        label: 'Choisir ce plan',
        pending: false,
        variant: 'primary',
        disabled: false,
      })),
    );
  });
});
