import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { checkoutSessionRequest } from '../domain/checkout-urls.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { createCheckoutImplementations } from './checkout.actors.ts';
import {
  selectCheckoutError,
  selectChosenPlanId,
  selectIsProcessing,
} from './checkout.selectors.ts';
import { deferred } from '../auth/testing.ts';
import type { ActorInputOf, ActorOutputOf } from '../machine-kit.ts';

const input = {
  origin: 'https://portail.example',
  redirectPolicy: {
    allowedOrigins: ['https://checkout.stripe.com'],
    allowedDevOrigins: ['http://localhost:3000'],
  },
};

function start({ signedIn = false } = {}) {
  const session = deferred<ActorOutputOf<typeof checkoutMachine, 'createCheckoutSession'>>();
  const requests: ActorInputOf<typeof checkoutMachine, 'createCheckoutSession'>[] = [];
  const accountRequests: ActorInputOf<typeof checkoutMachine, 'createSubscriptionCheckout'>[] = [];
  const navigate = vi.fn();
  const notify = vi.fn();
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createCheckoutSession: fromPromise(({ input: request }) => {
          requests.push(request);
          return session.promise;
        }),
        createSubscriptionCheckout: fromPromise(({ input: request }) => {
          accountRequests.push(request);
          return session.promise;
        }),
      },
      guards: { isSignedIn: () => signedIn },
      actions: {
        navigate: (_, params) => navigate(params.url),
        notify: (_, notification) => notify(notification),
      },
    }),
    { input, clock: new SimulatedClock() },
  ).start();
  return { actor, session, requests, accountRequests, navigate, notify };
}

const choose = {
  type: 'checkout.choose',
  planId: 'scale',
  prodId: 'prod_1',
  billingCycle: 'yearly',
} as const;

describe('checkout machine', () => {
  test('choosing sets the processing flag and creates the session with both return URLs', () => {
    const { actor, requests, accountRequests } = start();
    expect(selectIsProcessing(actor.getSnapshot())).toBe(false);
    actor.send(choose);
    expect(selectIsProcessing(actor.getSnapshot())).toBe(true);
    expect(selectChosenPlanId(actor.getSnapshot())).toBe('scale');
    expect(requests).toEqual([
      {
        plan_id: 'scale',
        prod_id: 'prod_1',
        billingCycle: 'yearly',
        successUrl: 'https://portail.example/onboarding?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://portail.example/payment/cancel?plan=scale&billing=yearly',
      },
    ]);
    // A visitor's checkout: never the account's.
    expect(accountRequests).toEqual([]);
  });

  test('a second choice while processing is ignored', () => {
    const { actor, requests } = start();
    actor.send(choose);
    expect(actor.getSnapshot().can({ ...choose, planId: 'basic' })).toBe(false);
    actor.send({ ...choose, planId: 'basic' });
    expect(requests).toHaveLength(1);
    expect(selectChosenPlanId(actor.getSnapshot())).toBe('scale');
  });

  test('an allowed provider URL is followed and the flag cleared', async () => {
    const { actor, session, navigate, notify } = start();
    actor.send(choose);
    session.resolve({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
    expect(notify).not.toHaveBeenCalled();
    expect(selectCheckoutError(actor.getSnapshot())).toBeNull();
  });

  test('the development sandbox over http is followed', async () => {
    const { actor, session, navigate } = start();
    actor.send(choose);
    session.resolve({ url: 'http://localhost:3000/sandbox/checkout/cs_1' });
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(navigate).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_1');
  });

  test.each([
    'javascript:alert(1)',
    '//evil.example',
    'https://checkout.stripe.com.evil.example/pay',
    'https://user@evil.example',
    'http://checkout.stripe.com/pay',
  ])('the URL %s is never followed: default error, flag cleared', async (url) => {
    const { actor, session, navigate, notify } = start();
    actor.send(choose);
    session.resolve({ url });
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(navigate).not.toHaveBeenCalled();
    const message = 'Une erreur est survenue lors du traitement du paiement.';
    expect(selectCheckoutError(actor.getSnapshot())).toBe(message);
    expect(notify).toHaveBeenCalledWith({ type: 'error', message });
  });

  test('an API error shows its message and clears the flag', async () => {
    const { actor, session, notify } = start();
    actor.send(choose);
    session.reject(new ApiError({ kind: 'http', status: 404, data: { message: 'Plan inconnu' } }));
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(selectCheckoutError(actor.getSnapshot())).toBe('Ressource non trouvée');
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'Ressource non trouvée' });
  });

  test('a server message is shown as sent', async () => {
    const { actor, session } = start();
    actor.send(choose);
    session.reject(
      new ApiError({ kind: 'http', status: 400, data: { message: 'Cycle invalide' } }),
    );
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(selectCheckoutError(actor.getSnapshot())).toBe('Cycle invalide');
  });

  test('any other failure gives the default message; a new choice clears the error', async () => {
    const { actor, session } = start();
    actor.send(choose);
    session.reject(new TypeError('boom'));
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(selectCheckoutError(actor.getSnapshot())).toBe(
      'Une erreur est survenue lors du traitement du paiement.',
    );
    actor.send(choose);
    expect(selectCheckoutError(actor.getSnapshot())).toBeNull();
    expect(selectIsProcessing(actor.getSnapshot())).toBe(true);
  });

  test('without a product id the body has no prod_id', () => {
    expect(
      checkoutSessionRequest('https://a.example', { planId: 'basic', billingCycle: 'monthly' }),
    ).toEqual({
      plan_id: 'basic',
      billingCycle: 'monthly',
      successUrl: 'https://a.example/onboarding?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://a.example/payment/cancel?plan=basic&billing=monthly',
    });
  });
});

describe('checkout while signed in', () => {
  test('the account checkout returns to the payment success page with the choice', () => {
    const { actor, requests, accountRequests } = start({ signedIn: true });
    actor.send(choose);
    expect(selectIsProcessing(actor.getSnapshot())).toBe(true);
    expect(selectChosenPlanId(actor.getSnapshot())).toBe('scale');
    expect(requests).toEqual([]);
    expect(accountRequests).toEqual([
      {
        plan_id: 'scale',
        billingCycle: 'yearly',
        successUrl:
          'https://portail.example/payment/success?session_id={CHECKOUT_SESSION_ID}&plan=scale&billing=yearly',
        cancelUrl: 'https://portail.example/payment/cancel?plan=scale&billing=yearly',
      },
    ]);
  });

  test('a double click makes one request', () => {
    const { actor, accountRequests } = start({ signedIn: true });
    actor.send(choose);
    actor.send(choose);
    actor.send({ ...choose, planId: 'business' });
    expect(accountRequests).toHaveLength(1);
    expect(selectChosenPlanId(actor.getSnapshot())).toBe('scale');
  });

  test('the provider page is followed and the flag cleared', async () => {
    const { actor, session, navigate, notify } = start({ signedIn: true });
    actor.send(choose);
    session.resolve({ url: 'https://checkout.stripe.com/c/pay/cs_2' });
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2');
    expect(notify).not.toHaveBeenCalled();
  });

  test('an address outside the provider origins is never followed', async () => {
    const { actor, session, navigate } = start({ signedIn: true });
    actor.send(choose);
    session.resolve({ url: 'https://evil.example/pay' });
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(navigate).not.toHaveBeenCalled();
    expect(selectCheckoutError(actor.getSnapshot())).toBe(
      'Une erreur est survenue lors du traitement du paiement.',
    );
  });

  test("409 (a paid subscription is active) shows the server's French message", async () => {
    const { actor, session, notify, navigate } = start({ signedIn: true });
    actor.send(choose);
    const message =
      'Vous avez déjà un abonnement actif : changez de plan depuis « Mon abonnement ».';
    session.reject(new ApiError({ kind: 'http', status: 409, data: { message } }));
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(selectCheckoutError(actor.getSnapshot())).toBe(message);
    expect(notify).toHaveBeenCalledWith({ type: 'error', message });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('checkout implementations', () => {
  test('signed in: POST /api/client/subscription/checkout, then redirect to data.url', async () => {
    const POST = vi
      .fn()
      .mockResolvedValue({ data: { data: { id: 'cs_2', url: 'https://checkout.stripe.com/y' } } });
    const redirect = vi.fn();
    const client = { api: { POST } } as unknown as PortalClient;
    const actor = createActor(
      checkoutMachine.provide(
        createCheckoutImplementations({
          client,
          notify: vi.fn(),
          redirect,
          isSignedIn: () => true,
        }),
      ),
      { input },
    ).start();
    actor.send(choose);
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(POST).toHaveBeenCalledTimes(1);
    expect(POST).toHaveBeenCalledWith(
      '/api/client/subscription/checkout',
      expect.objectContaining({
        body: {
          plan_id: 'scale',
          billingCycle: 'yearly',
          successUrl:
            'https://portail.example/payment/success?session_id={CHECKOUT_SESSION_ID}&plan=scale&billing=yearly',
          cancelUrl: 'https://portail.example/payment/cancel?plan=scale&billing=yearly',
        },
      }),
    );
    expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/y');
  });

  test('POST /api/stripe/checkout-sessions, then redirect to data.url', async () => {
    const POST = vi
      .fn()
      .mockResolvedValue({ data: { data: { id: 'cs_1', url: 'https://checkout.stripe.com/x' } } });
    const redirect = vi.fn();
    const client = { api: { POST } } as unknown as PortalClient;
    const actor = createActor(
      checkoutMachine.provide(
        createCheckoutImplementations({
          client,
          notify: vi.fn(),
          redirect,
          isSignedIn: () => false,
        }),
      ),
      { input },
    ).start();
    actor.send(choose);
    await waitFor(actor, (s) => !selectIsProcessing(s));
    expect(POST).toHaveBeenCalledWith(
      '/api/stripe/checkout-sessions',
      expect.objectContaining({ body: expect.objectContaining({ plan_id: 'scale' }) }),
    );
    expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/x');
  });

  // docs/product.md#feature-errors: an answer without a usable address is a checkout failure in
  // the default words, never a crash of the app (the customer portal's rule too).
  test.each([
    ['no data.url', { data: { id: 'cs_3' } }],
    ['a data.url that is not text', { data: { id: 'cs_3', url: 42 } }],
    ['no data at all', {}],
  ])('an answer with %s: the default payment error, the flag cleared', async (_, body) => {
    for (const signedIn of [false, true]) {
      const POST = vi.fn().mockResolvedValue({ data: body });
      const redirect = vi.fn();
      const notify = vi.fn();
      const client = { api: { POST } } as unknown as PortalClient;
      const actor = createActor(
        checkoutMachine.provide(
          createCheckoutImplementations({ client, notify, redirect, isSignedIn: () => signedIn }),
        ),
        { input },
      ).start();
      const errors: unknown[] = [];
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.send(choose);
      await waitFor(actor, (s) => !selectIsProcessing(s) || s.status !== 'active');
      expect(errors).toEqual([]);
      expect(actor.getSnapshot().status).toBe('active');
      const message = 'Une erreur est survenue lors du traitement du paiement.';
      expect(selectCheckoutError(actor.getSnapshot())).toBe(message);
      expect(notify).toHaveBeenCalledWith({ type: 'error', message });
      expect(redirect).not.toHaveBeenCalled();
    }
  });
});
