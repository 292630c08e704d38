import { createActor } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import {
  authMachine,
  checkoutMachine,
  createAuthImplementations,
  createCheckoutImplementations,
  createEstablishmentSearchImplementations,
  createForgotPasswordImplementations,
  createPaymentSuccessImplementations,
  createResetPasswordImplementations,
  forgotPasswordMachine,
  paymentSuccessMachine,
  resetPasswordMachine,
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
import { createDevInspect } from './inspector.ts';
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
  const inspect = createDevInspect();
  const notifications = createActor(notificationsMachine, { input: {}, inspect });
  const notify = createNotify(notifications);
  // The client reports an unrenewable session to the auth actor, created just below.
  const session: { auth: AuthActor | null } = { auth: null };

  const client = createPortalClient({
    baseUrl: options.baseUrl || window.location.origin,
    tokenStore,
    onSessionExpired: () => session.auth?.send({ type: 'session.expired' }),
    // Web Locks span every tab of the origin: only one of them spends a given refresh token.
    ...(typeof navigator !== 'undefined' && navigator.locks
      ? {
          refreshLock: <T>(task: () => Promise<T>) =>
            navigator.locks.request('portal-token-refresh', task) as Promise<T>,
        }
      : {}),
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
    { inspect },
  );
  session.auth = auth;

  // Tokens gone while this tab still holds a session: another tab logged out or expired it.
  // Checked a microtask later so this tab's own logout or expiry (which clear the tokens, then
  // leave the authenticated state in the same task) is not mistaken for another tab's.
  tokenStore.subscribe(() => {
    queueMicrotask(() => {
      const tokensGone =
        tokenStore.getAccessToken() === null && tokenStore.getRefreshToken() === null;
      if (tokensGone && auth.getSnapshot().matches('authenticated')) {
        auth.send({ type: 'session.ended' });
      }
    });
  });

  // The onboarding stores the new account's tokens itself; the auth actor then fetches the
  // customer with them and the dashboard opens without a page load.
  const navigateWithSession = (to: string) => {
    if (to === '/dashboard') auth.send({ type: 'auth.sessionStarted' });
    navigate(to);
  };

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
    forgotPassword: forgotPasswordMachine.provide(createForgotPasswordImplementations({ client })),
    resetPassword: resetPasswordMachine.provide(createResetPasswordImplementations({ client })),
    paymentSuccess: paymentSuccessMachine.provide(createPaymentSuccessImplementations({ client })),
  };
  const origin = window.location.origin;
  // The sandbox provider serves its checkout from this same origin (over http in development).
  const checkoutInput = {
    origin,
    redirectPolicy: { allowedOrigins: [stripeCheckoutOrigin, origin], allowedDevOrigins: [origin] },
  };

  return { client, auth, notifications, notify, navigate, machines, checkoutInput, inspect };
}
