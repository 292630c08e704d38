import { createActor } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import {
  authMachine,
  checkoutMachine,
  createAuthImplementations,
  createCheckoutImplementations,
  createEstablishmentSearchImplementations,
  establishmentSearchMachine,
  heroMachine,
  createNotify,
  createOnboardingImplementations,
  createPortalClient,
  createPricingImplementations,
  createSignupImplementations,
  notificationsMachine,
  onboardingMachine,
  pricingMachine,
  signupMachine,
} from '@portal/core';
import { createBrowserTokenStore } from './browserTokenStore.ts';
import type { AppServices, AuthActor, ScreenMachines } from './services.tsx';

/** The hosted checkout of the real provider. */
const stripeCheckoutOrigin = 'https://checkout.stripe.com';

export interface AppServiceOptions {
  /** API origin; the page's own origin when empty (one server serves the app and the API). */
  baseUrl?: string | undefined;
}

/**
 * The browser app's services: one client over local storage and the long-lived auth and
 * notifications actors. Created once by main.tsx (never at import time), started there.
 */
export function createAppServices(options: AppServiceOptions = {}): AppServices {
  const navigate = (to: string) => browserNavigate(to);
  const tokenStore = createBrowserTokenStore();
  const notifications = createActor(notificationsMachine, { input: {} });
  const notify = createNotify(notifications);
  // The client reports an unrenewable session to the auth actor, created just below.
  const session: { auth: AuthActor | null } = { auth: null };

  const client = createPortalClient({
    baseUrl: options.baseUrl || window.location.origin,
    tokenStore,
    onSessionExpired: () => session.auth?.send({ type: 'session.expired' }),
  });

  const auth = createActor(
    authMachine.provide(
      createAuthImplementations({
        client,
        navigate,
        notify,
        currentPath: () => window.location.pathname,
        logger: console,
      }),
    ),
  );
  session.auth = auth;

  // The onboarding stores the new account's tokens itself; a full load of /dashboard lets the
  // auth start-up pick them up (stored token -> fetch the customer) like any returning visit.
  const navigateWithSession = (to: string) =>
    to === '/dashboard' ? window.location.assign(to) : navigate(to);

  const machines: ScreenMachines = {
    pricing: pricingMachine.provide(createPricingImplementations({ client, notify })),
    checkout: checkoutMachine.provide(
      createCheckoutImplementations({
        client,
        notify,
        redirect: (url) => window.location.assign(url),
      }),
    ),
    signup: signupMachine.provide(createSignupImplementations({ client, navigate })),
    hero: heroMachine,
    establishmentSearch: establishmentSearchMachine.provide(
      createEstablishmentSearchImplementations({ client }),
    ),
    onboarding: onboardingMachine.provide(
      createOnboardingImplementations({ client, navigate: navigateWithSession }),
    ),
  };
  const origin = window.location.origin;
  // The sandbox provider serves its checkout from this same origin (over http in development).
  const checkoutInput = {
    origin,
    redirectPolicy: { allowedOrigins: [stripeCheckoutOrigin, origin], allowedDevOrigins: [origin] },
  };

  return { client, auth, notifications, notify, navigate, machines, checkoutInput };
}
