import { StrictMode, startTransition } from 'react';
import { planChoiceFromQuery, selectIsLoadingUser } from '@portal/core';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadScreen } from './app/App.tsx';
import { createAppServices } from './app/createAppServices.ts';
import type { AppServices } from './app/services.tsx';
import { discardEarlyClicks, servedWithFrame, startHydration } from './app/prerendered.ts';
import { Providers } from './app/Providers.tsx';
import { startPreferences } from './app/preferences.ts';
import { prerenderedAs } from './app/routes.tsx';
import './ui/tokens.css';

// The document's language and colour scheme follow user_preferences before anything renders.
startPreferences();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

/**
 * Evaluating the scripts, creating the app's services, starting them and rendering are four
 * tasks, not one: together they blocked the main thread well past 50 ms on a mid-range phone
 * (docs/performance.md, 'The dashboard's long tasks').
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await nextTask();
  // The first screen's chunks are fetched meanwhile: rendered before they are here, it would show
  // a fallback, and React holds back what replaces a fallback for up to 300 ms
  // (docs/performance.md, 'The dashboard's frame'). Offline, the screen renders and retries.
  const firstScreen = preloadScreen(window.location.pathname).catch(() => undefined);
  const services = createAppServices({ baseUrl: import.meta.env.VITE_API_BASE_URL });
  await nextTask();
  // Start-up (stored token -> fetch the customer) runs before the first route decides anything.
  services.notifications.start();
  services.auth.start();
  await nextTask();
  await firstScreen;
  // Behind a frame, the first render also waits for the customer (an early call, usually answered
  // by now): rendered while it loads, the screen would be mounted by the answer in a render of
  // the whole page that does not yield (a session change re-renders at once), instead of the
  // first one, which does (docs/performance.md, 'The dashboard's long tasks').
  if (servedWithFrame()) await customerLoaded(services.auth);
  renderApp(root, services);
})();

/** Resolves once the session is no longer loading its customer (loaded, refused or failed). */
function customerLoaded(auth: AppServices['auth']): Promise<void> {
  return new Promise((resolve) => {
    const loaded = () => !selectIsLoadingUser(auth.getSnapshot());
    if (loaded()) return resolve();
    const subscription = auth.subscribe(() => {
      if (!loaded()) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}

function renderApp(root: HTMLElement, services: AppServices) {
  const app = (
    <StrictMode>
      <Providers services={services}>
        <App />
      </Providers>
    </StrictMode>
  );

  // The build prerenders the landing and login pages as a visitor sees them (scripts/prerender.mjs):
  // that HTML is hydrated, kept as it is, when this tab renders the same (the landing always; the
  // login page unless a stored session sends it to the dashboard), in this task of its own, as a
  // transition: React then hydrates it a few milliseconds at a time, and the browser answers a tap
  // in between (it would hydrate it in one task; the loader keeps the taps from React until it is
  // live: docs/performance.md, 'Taps during hydration').
  // The landing with a plan choice in its address (back from a cancelled payment) shows that choice
  // from its first render, which the prerendered HTML (monthly, nothing marked) does not: replaced.
  const choice = planChoiceFromQuery(window.location.search);
  const prerendered = prerenderedAs(window.location.pathname);
  const rendersAsPrerendered =
    prerendered === 'everyone'
      ? choice.planId === null && choice.billingCycle === null
      : prerendered === 'visitor' && services.auth.getSnapshot().matches('unauthenticated');
  if (root.firstElementChild !== null && rendersAsPrerendered) {
    startHydration();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    discardEarlyClicks();
    root.replaceChildren();
    const appRoot = createRoot(root);
    // Behind a served frame nothing of the app shows until its first screen: its renders can yield
    // to the browser every few milliseconds (a transition) instead of blocking it (TBT).
    if (servedWithFrame()) startTransition(() => appRoot.render(app));
    else appRoot.render(app);
  }
}
