import { createActor } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import {
  authMachine,
  createAuthImplementations,
  createNotify,
  createPortalClient,
  followTokensAcrossTabs,
  notificationsMachine,
} from '@portal/core';
import { createBrowserTokenStore } from './browserTokenStore.ts';
import { adoptEarlyCalls, takeEarlyCalls } from './earlyCalls.ts';
import { createDevInspect } from './inspector.ts';
import { saveWithBrowser } from './saveWithBrowser.ts';
import type { AppServices, AuthActor } from './services.tsx';

/** The hosted checkout of the real provider. */
const stripeCheckoutOrigin = 'https://checkout.stripe.com';
/** The provider's hosted customer portal. */
const stripePortalOrigin = 'https://billing.stripe.com';

export interface AppServiceOptions {
  /** API origin; the page's own origin when empty (one server serves the app and the API). */
  baseUrl?: string | undefined;
  /** In-app navigation; the back office leaves its document for paths outside it. */
  navigate?: ((to: string) => void) | undefined;
}

/**
 * The browser app's services: one client over local storage and the long-lived auth and
 * notifications actors. Created once by main.tsx (never at import time), started there.
 */
export function createAppServices(options: AppServiceOptions = {}): AppServices {
  const navigate = options.navigate ?? ((to: string) => browserNavigate(to));

  const tokenStore = createBrowserTokenStore();
  const inspect = createDevInspect();
  const notifications = createActor(notificationsMachine, { input: {}, inspect });
  const notify = createNotify(notifications);
  // The client reports an unrenewable session to the auth actor, created just below.
  const session: { auth: AuthActor | null } = { auth: null };

  const client = createPortalClient({
    baseUrl: options.baseUrl || window.location.origin,
    tokenStore,
    // The served dashboard's loader may have sent the first screen's calls already.
    fetch: adoptEarlyCalls(takeEarlyCalls(), (request) => globalThis.fetch(request)),
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

  // Core's cross-tab rule; the store hears other tabs through the `storage` event.
  followTokensAcrossTabs(tokenStore, auth);

  const origin = window.location.origin;
  // The sandbox provider serves its checkout from this same origin (over http in development).
  const checkoutInput = {
    origin,
    redirectPolicy: { allowedOrigins: [stripeCheckoutOrigin, origin], allowedDevOrigins: [origin] },
  };

  return {
    client,
    auth,
    notifications,
    notify,
    navigate,
    checkoutInput,
    inspect,
    redirect: (url) => window.location.assign(url),
    // The sandbox provider serves its portal from this same origin too.
    portalRedirectPolicy: {
      allowedOrigins: [stripePortalOrigin, origin],
      allowedDevOrigins: [origin],
    },
    saveFile: saveWithBrowser,
    storage: window.localStorage,
  };
}
