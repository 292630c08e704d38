import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { scriptedClient } from '../auth/testing.ts';
import { paymentPlanName } from '../domain/plans.ts';
import { paymentSuccessMachine, type PaymentSuccessInput } from './payment-success.machine.ts';
import { createPaymentSuccessImplementations } from './payment-success.actors.ts';

const nbsp = '\u00a0';

function start(input: PaymentSuccessInput, answer = { status: 200, body: {} as unknown }) {
  const { client, requests } = scriptedClient({
    'GET /api/stripe/checkout-sessions/cs_9': answer,
  });
  const actor = createActor(
    paymentSuccessMachine.provide(createPaymentSuccessImplementations({ client })),
    { input },
  ).start();
  return { actor, requests };
}

describe('payment plan name', () => {
  it('built-in plan, then the fixed names of ids 1-3, else Plan sélectionné', () => {
    expect(paymentPlanName('scale')).toBe('Scale');
    expect(paymentPlanName('1')).toBe('Starter');
    expect(paymentPlanName('2')).toBe('Professional');
    expect(paymentPlanName('3')).toBe('Enterprise');
    expect(paymentPlanName('42')).toBe('Plan sélectionné');
    expect(paymentPlanName(null)).toBe('Plan sélectionné');
  });
});

describe('payment success', () => {
  it('loads the checkout session and shows amount_total / 100 in fr-FR euros', async () => {
    const { actor, requests } = start(
      { sessionId: 'cs_9', planId: '2', billing: 'yearly' },
      { status: 200, body: { data: { id: 'cs_9', amount_total: 40789, currency: 'eur' } } },
    );
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context).toEqual({
      sessionId: 'cs_9',
      planName: 'Professional',
      billingLabel: 'Annuelle',
      amount: `407,89${nbsp}€`,
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/stripe/checkout-sessions/cs_9',
    ]);
  });

  it('without a session: ready at once, Mensuelle, no amount, no call', () => {
    const { actor, requests } = start({ sessionId: null, planId: '9', billing: 'monthly' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.billingLabel).toBe('Mensuelle');
    expect(actor.getSnapshot().context.planName).toBe('Plan sélectionné');
    expect(actor.getSnapshot().context.amount).toBeNull();
    expect(requests).toEqual([]);
  });

  it('an unreadable session still shows the page, without an amount', async () => {
    const { actor } = start(
      { sessionId: 'cs_9', planId: 'basic', billing: null },
      { status: 404, body: { message: 'Ressource non trouvée' } },
    );
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.amount).toBeNull();
    expect(actor.getSnapshot().context.billingLabel).toBe('Mensuelle');
  });
});
