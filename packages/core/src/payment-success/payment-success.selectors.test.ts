/** What the payment success screen reads, through its selectors only (headless). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deferred } from '../auth/testing.ts';
import { paymentSuccessMachine } from './payment-success.machine.ts';
import { selectIsLoadingPayment, selectPaymentSummary } from './payment-success.selectors.ts';

describe('payment success screen', () => {
  it('loads, then shows plan, billing and the amount paid', async () => {
    const loading = deferred<{ amountTotal: number }>();
    const actor = createActor(
      paymentSuccessMachine.provide({
        actors: { loadCheckoutSession: fromPromise(() => loading.promise) },
      }),
      { input: { sessionId: 'cs_1', planId: 'scale', billing: 'yearly' } },
    ).start();
    expect(selectIsLoadingPayment(actor.getSnapshot())).toBe(true);
    loading.resolve({ amountTotal: 40789 });
    await waitFor(actor, (s) => !selectIsLoadingPayment(s));
    expect(selectPaymentSummary(actor.getSnapshot())).toEqual({
      planName: 'Scale',
      billingLabel: 'Annuelle',
      amount: '407,89\u00a0€',
    });
  });

  it('without a session id: no loading, no amount', () => {
    const actor = createActor(paymentSuccessMachine, {
      input: { sessionId: null, planId: null, billing: null },
    }).start();
    expect(selectIsLoadingPayment(actor.getSnapshot())).toBe(false);
    expect(selectPaymentSummary(actor.getSnapshot())).toEqual({
      planName: 'Plan sélectionné',
      billingLabel: 'Mensuelle',
      amount: null,
    });
  });
});
