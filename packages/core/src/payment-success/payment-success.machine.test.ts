import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { scriptedClient } from '../auth/testing.ts';
import { paymentPlanName } from '../domain/plans.ts';
import { paymentSuccessMachine, type PaymentSuccessInput } from './payment-success.machine.ts';
import { createPaymentSuccessImplementations } from './payment-success.actors.ts';
import {
  ATTACH_RETRIES,
  ATTACH_RETRY_DELAY_MS,
  SUBSCRIPTION_TAB_PATH,
  isPaymentNotYetConfirmed,
} from './attach.ts';
import { selectActivationError, selectIsActivating } from './payment-success.selectors.ts';

const nbsp = '\u00a0';

function start(input: PaymentSuccessInput, answer = { status: 200, body: {} as unknown }) {
  const { client, requests } = scriptedClient({
    'GET /api/stripe/checkout-sessions/cs_9': answer,
  });
  const actor = createActor(
    paymentSuccessMachine.provide(
      createPaymentSuccessImplementations({
        client,
        notify: vi.fn(),
        navigate: vi.fn(),
        isSignedIn: () => false,
      }),
    ),
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
      attachAttempts: 0,
      attachError: null,
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

const notConfirmed = () =>
  new ApiError({
    kind: 'http',
    status: 409,
    data: { message: "Le paiement n'est pas encore confirmé. Réessayez dans un instant." },
  });

/** A signed-in return: the attach call answers from `answers`, one per call (the last repeats). */
function startSignedIn(answers: (() => Promise<void>)[]) {
  const clock = new SimulatedClock();
  const attached: string[] = [];
  const notify = vi.fn();
  const navigate = vi.fn();
  const actor = createActor(
    paymentSuccessMachine.provide({
      actors: {
        loadCheckoutSession: fromPromise(() => Promise.reject(new Error('not for an account'))),
        attachCheckout: fromPromise(({ input }) => {
          attached.push(input.sessionId);
          const answer = answers[Math.min(attached.length, answers.length) - 1];
          return answer === undefined ? Promise.resolve() : answer();
        }),
      },
      actions: {
        notify: (_, notification) => notify(notification),
        navigate: (_, params) => navigate(params.to),
      },
      guards: { isSignedIn: () => true },
    }),
    { input: { sessionId: 'cs_9', planId: 'scale', billing: 'yearly' }, clock },
  ).start();
  return { actor, clock, attached, notify, navigate };
}

describe('payment success while signed in', () => {
  it('attaches the session, says so and opens Mon abonnement (no onboarding, no detail call)', async () => {
    const { client, requests } = scriptedClient({
      'POST /api/client/subscription/attach': { status: 200, body: {} },
    });
    const notify = vi.fn();
    const navigate = vi.fn();
    const actor = createActor(
      paymentSuccessMachine.provide(
        createPaymentSuccessImplementations({
          client,
          notify,
          navigate,
          isSignedIn: () => true,
        }),
      ),
      { input: { sessionId: 'cs_9', planId: 'scale', billing: 'yearly' } },
    ).start();
    expect(selectIsActivating(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['POST /api/client/subscription/attach', { session_id: 'cs_9' }],
    ]);
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Votre abonnement est actif.',
    });
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');
    expect(SUBSCRIPTION_TAB_PATH).toBe('/dashboard?tab=subscription');
  });

  it('signed in without a session id: nothing to attach, the plain page', () => {
    const { client, requests } = scriptedClient({});
    const actor = createActor(
      paymentSuccessMachine.provide(
        createPaymentSuccessImplementations({
          client,
          notify: vi.fn(),
          navigate: vi.fn(),
          isSignedIn: () => true,
        }),
      ),
      { input: { sessionId: null, planId: 'scale', billing: 'monthly' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectIsActivating(actor.getSnapshot())).toBe(false);
    expect(requests).toEqual([]);
  });

  it(`'not confirmed yet' is asked again every ${ATTACH_RETRY_DELAY_MS} ms until it is`, async () => {
    const { actor, clock, attached, navigate } = startSignedIn([
      () => Promise.reject(notConfirmed()),
      () => Promise.reject(notConfirmed()),
      () => Promise.resolve(),
    ]);
    await waitFor(actor, (s) => s.matches('waitingToRetry'));
    expect(attached).toHaveLength(1);
    expect(selectIsActivating(actor.getSnapshot())).toBe(true);
    clock.increment(ATTACH_RETRY_DELAY_MS - 1);
    expect(attached).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, () => attached.length === 2);
    await waitFor(actor, (s) => s.matches('waitingToRetry'));
    clock.increment(ATTACH_RETRY_DELAY_MS);
    await waitFor(actor, (s) => s.status === 'done');
    expect(attached).toEqual(['cs_9', 'cs_9', 'cs_9']);
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');
  });

  it(`after ${ATTACH_RETRIES} retries the page says so; 'Réessayer' asks again`, async () => {
    const { actor, clock, attached, navigate } = startSignedIn([
      () => Promise.reject(notConfirmed()),
    ]);
    for (let retry = 1; retry <= ATTACH_RETRIES; retry += 1) {
      await waitFor(actor, (s) => s.matches('waitingToRetry'));
      clock.increment(ATTACH_RETRY_DELAY_MS);
      await waitFor(actor, () => attached.length === retry + 1);
    }
    await waitFor(actor, (s) => s.matches('attachFailed'));
    expect(attached).toHaveLength(ATTACH_RETRIES + 1);
    expect(ATTACH_RETRIES).toBe(5);
    expect(selectIsActivating(actor.getSnapshot())).toBe(false);
    expect(selectActivationError(actor.getSnapshot())).toBe(
      "Le paiement n'est pas encore confirmé. Réessayez dans un instant.",
    );
    clock.increment(60_000);
    expect(attached).toHaveLength(ATTACH_RETRIES + 1);
    actor.send({ type: 'paymentSuccess.retryAttach' });
    expect(selectActivationError(actor.getSnapshot())).toBeNull();
    expect(selectIsActivating(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('waitingToRetry'));
    expect(attached).toHaveLength(ATTACH_RETRIES + 2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("another refusal is not retried: the server's words show at once", async () => {
    const message = 'Ce paiement est déjà rattaché à un autre compte.';
    const { actor, attached, notify } = startSignedIn([
      () => Promise.reject(new ApiError({ kind: 'http', status: 409, data: { message } })),
    ]);
    await waitFor(actor, (s) => s.matches('attachFailed'));
    expect(attached).toHaveLength(1);
    expect(selectActivationError(actor.getSnapshot())).toBe(message);
    expect(notify).not.toHaveBeenCalled();
  });

  it('no answer: the attach fallback text', async () => {
    const { actor } = startSignedIn([() => Promise.reject(new TypeError('boom'))]);
    await waitFor(actor, (s) => s.matches('attachFailed'));
    expect(selectActivationError(actor.getSnapshot())).toBe(
      "Erreur lors de l'activation de l'abonnement",
    );
  });

  it("only the 409 'pas encore confirmé' is worth a retry", () => {
    expect(isPaymentNotYetConfirmed(notConfirmed())).toBe(true);
    expect(
      isPaymentNotYetConfirmed(
        new ApiError({
          kind: 'http',
          status: 409,
          data: { message: 'Ce paiement est déjà rattaché à un autre compte.' },
        }),
      ),
    ).toBe(false);
    expect(
      isPaymentNotYetConfirmed(
        new ApiError({
          kind: 'http',
          status: 400,
          data: { message: "Le paiement n'est pas encore confirmé. Réessayez dans un instant." },
        }),
      ),
    ).toBe(false);
    expect(isPaymentNotYetConfirmed(new Error('x'))).toBe(false);
  });
});
