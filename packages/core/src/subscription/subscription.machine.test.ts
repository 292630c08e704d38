import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { deferred, futureAccessToken, scriptedClient } from '../auth/testing.ts';
import { createSubscriptionImplementations } from './subscription.actors.ts';
import { subscriptionMachine } from './subscription.machine.ts';
import {
  selectCurrentSubscription,
  selectIsOpeningPortal,
  selectIsSubscriptionLoading,
  selectPortalError,
  selectSubscriptionLoadError,
} from './subscription.selectors.ts';
import type { CurrentSubscription } from './subscription.types.ts';
import type { PromiseFake } from '../machine-kit.ts';
import { isAllowedPortalUrl } from './subscription.rules.ts';

const current: CurrentSubscription = {
  hasSubscription: true,
  subscription: { name: 'Scale', price: 39.99 },
  usage: { licensesUsed: 1, licensesLimit: 3, licensesRemaining: 2 },
};
const returnUrl = 'https://portal.test/dashboard';
const input = {
  returnUrl,
  checkout: {
    origin: 'https://portal.test',
    redirectPolicy: { allowedOrigins: ['https://checkout.stripe.com'] },
  },
};
const policy = { allowedOrigins: ['https://billing.stripe.com'] };

function start(options: {
  fetch?: PromiseFake<typeof subscriptionMachine, 'fetchCurrentSubscription'>;
  portal?: PromiseFake<typeof subscriptionMachine, 'openCustomerPortal'>;
}) {
  const spies = {
    notify: vi.fn(),
    redirect: vi.fn(),
    fetch: vi.fn(options.fetch ?? (async () => current)),
    portal: vi.fn(options.portal ?? (async () => 'https://billing.stripe.com/session/1')),
  };
  const machine = subscriptionMachine.provide({
    actors: {
      fetchCurrentSubscription: fromPromise(({ input }) => spies.fetch(input)),
      openCustomerPortal: fromPromise(({ input }) => spies.portal(input)),
    },
    actions: {
      notify: (_, params) => spies.notify(params),
      redirect: (_, params) => spies.redirect(params.url),
    },
    // The real allow-list rule, as every fake uses it.
    guards: { isAllowedPortalUrl: (_, params) => isAllowedPortalUrl(params.url, policy) },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  return { actor, spies };
}

describe('subscription loading', () => {
  it('loads the current subscription', async () => {
    const pending = deferred<CurrentSubscription>();
    const { actor } = start({ fetch: () => pending.promise });
    expect(selectIsSubscriptionLoading(actor.getSnapshot())).toBe(true);
    pending.resolve(current);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCurrentSubscription(actor.getSnapshot())).toEqual(current);
  });

  it("shows 'Erreur lors du chargement des abonnements.' and can retry", async () => {
    let fail = true;
    const { actor } = start({
      fetch: async () => {
        if (fail) throw new ApiError({ kind: 'http', status: 500 });
        return current;
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectSubscriptionLoadError(actor.getSnapshot())).toBe(
      'Erreur lors du chargement des abonnements.',
    );
    fail = false;
    actor.send({ type: 'subscription.reload' });
    expect(selectSubscriptionLoadError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('customer portal', () => {
  async function ready(options: Parameters<typeof start>[0]) {
    const started = start(options);
    await waitFor(started.actor, (s) => s.matches('ready'));
    return started;
  }

  it('asks for a portal session and follows an allowed URL', async () => {
    const { actor, spies } = await ready({});
    actor.send({ type: 'subscription.openPortal' });
    expect(selectIsOpeningPortal(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'redirecting' }));
    expect(spies.portal).toHaveBeenCalledWith({ returnUrl });
    expect(spies.redirect).toHaveBeenCalledWith('https://billing.stripe.com/session/1');
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('refuses a second portal request while one is under way', async () => {
    const { actor, spies } = await ready({ portal: () => new Promise(() => {}) });
    actor.send({ type: 'subscription.openPortal' });
    expect(actor.getSnapshot().can({ type: 'subscription.openPortal' })).toBe(false);
    expect(spies.portal).toHaveBeenCalledWith({ returnUrl });
  });

  for (const [label, url] of [
    ['a missing URL', null],
    ['a URL of another origin', 'https://evil.example/steal'],
    ['a script URL', 'javascript:alert(1)'],
  ] as const) {
    it(`does not follow ${label}: 'Erreur lors de la redirection vers le portail Stripe'`, async () => {
      const { actor, spies } = await ready({ portal: async () => url });
      actor.send({ type: 'subscription.openPortal' });
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
      expect(spies.redirect).not.toHaveBeenCalled();
      const message = 'Erreur lors de la redirection vers le portail Stripe';
      expect(selectPortalError(actor.getSnapshot())).toBe(message);
      expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message });
    });
  }

  it("reports a failed call: 'Erreur lors de l'accès au portail Stripe', then can try again", async () => {
    let fail = true;
    const { actor, spies } = await ready({
      portal: async () => {
        if (fail) throw new ApiError({ kind: 'http', status: 404 });
        return 'https://billing.stripe.com/session/2';
      },
    });
    actor.send({ type: 'subscription.openPortal' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const message = "Erreur lors de l'accès au portail Stripe";
    expect(selectPortalError(actor.getSnapshot())).toBe(message);
    expect(spies.notify).toHaveBeenCalledWith({ type: 'error', message });
    fail = false;
    actor.send({ type: 'subscription.openPortal' });
    expect(selectPortalError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ ready: 'redirecting' }));
  });
});

describe('createSubscriptionImplementations over the portal client', () => {
  function wired(portalAnswer: { status: number; body?: unknown }) {
    const { client, requests } = scriptedClient({
      'GET /api/client/subscription/current': { status: 200, body: current },
      'POST /api/stripe/customer-portal': portalAnswer,
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const deps = { notify: vi.fn(), redirect: vi.fn() };
    const implementations = createSubscriptionImplementations({
      client,
      redirectPolicy: policy,
      isSignedIn: () => true,
      ...deps,
    });
    const actor = createActor(subscriptionMachine.provide(implementations), { input }).start();
    return { actor, requests, ...deps };
  }

  // The server opens the account's own provider customer: a copy the client held since sign-in
  // could be stale (docs/decisions.md, 'Customer portal').
  it('posts {returnUrl}, no customer id, and redirects to data.url on an allowed origin', async () => {
    const { actor, requests, redirect } = wired({
      status: 200,
      body: { data: { url: 'https://billing.stripe.com/p/session' } },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'subscription.openPortal' });
    await waitFor(actor, (s) => s.matches({ ready: 'redirecting' }));
    const portal = requests.find((request) => request.path === '/api/stripe/customer-portal');
    expect(portal).toMatchObject({ method: 'POST', body: { returnUrl } });
    expect(portal?.body).toEqual({ returnUrl });
    expect(redirect).toHaveBeenCalledWith('https://billing.stripe.com/p/session');
  });

  it('applies the redirect policy to the answer', async () => {
    const { actor, redirect, notify } = wired({
      status: 200,
      body: { data: { url: 'http://billing.stripe.com/p/session' } },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'subscription.openPortal' });
    await waitFor(actor, (s) => s.context.portalError !== null);
    expect(redirect).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Erreur lors de la redirection vers le portail Stripe',
    });
  });

  it('treats an answer without a URL as a redirect error and a failed call as an access error', async () => {
    const empty = wired({ status: 200, body: { data: {} } });
    await waitFor(empty.actor, (s) => s.matches('ready'));
    empty.actor.send({ type: 'subscription.openPortal' });
    await waitFor(empty.actor, (s) => s.context.portalError !== null);
    expect(selectPortalError(empty.actor.getSnapshot())).toBe(
      'Erreur lors de la redirection vers le portail Stripe',
    );
    const failed = wired({ status: 404, body: { message: 'Client inconnu' } });
    await waitFor(failed.actor, (s) => s.matches('ready'));
    failed.actor.send({ type: 'subscription.openPortal' });
    await waitFor(failed.actor, (s) => s.context.portalError !== null);
    expect(selectPortalError(failed.actor.getSnapshot())).toBe(
      "Erreur lors de l'accès au portail Stripe",
    );
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(subscriptionMachine, {
    input,
    inspect: (event) => seen.push(event.type),
  });
  actor.start();
  actor.send({ type: 'subscription.reload' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
