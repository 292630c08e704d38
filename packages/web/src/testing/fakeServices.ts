import { createActor } from 'xstate';
import {
  authMachine,
  createAuthImplementations,
  createMemoryTokenStore,
  createNotify,
  createPortalClient,
  notificationsMachine,
  type SidebarStorage,
} from '@portal/core';
import type { Inspect } from '../app/inspector.ts';
import type { AppServices } from '../app/services.tsx';
import {
  createSampleBackend,
  sampleTokens,
  type SampleAnswers,
  type SampleBackend,
  type SampleState,
} from './sampleBackend.ts';

export interface FakeServicesOptions {
  /** The page's origin (the sandbox provider's pages are served from it too). */
  origin: string;
  /** A stored session: the auth actor starts signed in and fetches the sample customer. */
  signedIn?: boolean | undefined;
  /** Answers replacing the sample backend's (`'GET /api/client/licenses': pending`). */
  answers?: SampleAnswers | undefined;
  /** What the backend holds at first, instead of the sample data. */
  initial?: Partial<SampleState> | undefined;
  /** Where the app is when the services are created. */
  path?: string | undefined;
  /** Where the sidebar remembers its state (a fresh memory by default; `localStorage` to reload). */
  storage?: SidebarStorage | undefined;
  /** Also told about every in-app navigation (the stories' memory router). */
  onNavigate?: ((to: string) => void) | undefined;
  /** The Stately inspector's observer, handed to every actor (the inspector's own test). */
  inspect?: Inspect | undefined;
  /** The flows' clock: a test hands XState's `SimulatedClock` and moves time itself. */
  clock?: AppServices['clock'];
}

export interface FakeServices {
  services: AppServices;
  backend: SampleBackend;
  /** Every in-app navigation, in order. */
  navigated: string[];
  /** Every URL the app left for (checkout, customer portal, the back office). */
  redirected: string[];
  /** Every file handed to the browser. */
  saved: { blob: Blob; filename: string }[];
  /** The notification shown now, if any. */
  notification: () => { type: string; message: string } | null;
  /** Starts the long-lived actors (as main.tsx does); stop them with `stop`. */
  start: () => void;
  stop: () => void;
}

function memoryStorage(): SidebarStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/**
 * The app's services for component tests and stories: the real client, auth and notifications
 * over the sample backend, browser effects recorded instead of performed. Every flow a page
 * provides then runs its real implementations over the same client.
 */
export function createFakeServices(options: FakeServicesOptions): FakeServices {
  const { origin } = options;
  const navigated: string[] = [];
  const redirected: string[] = [];
  const saved: { blob: Blob; filename: string }[] = [];
  let currentPath = options.path ?? '/';
  const backend = createSampleBackend(origin, options.answers, options.initial);
  const tokenStore = createMemoryTokenStore();
  if (options.signedIn === true) tokenStore.setTokens(sampleTokens());
  const client = createPortalClient({ baseUrl: origin, tokenStore, fetch: backend.fetch });
  const { inspect } = options;
  const notifications = createActor(notificationsMachine, { input: {}, inspect });
  const notify = createNotify(notifications);
  const navigate = (to: string) => {
    navigated.push(to);
    currentPath = new URL(to, origin).pathname;
    options.onNavigate?.(to);
  };
  const auth = createActor(
    authMachine.provide(
      createAuthImplementations({
        client,
        navigate,
        notify,
        currentPath: () => currentPath,
        logger: { error: () => {} },
      }),
    ),
    { inspect },
  );
  const services: AppServices = {
    client,
    auth,
    notifications,
    notify,
    navigate,
    checkoutInput: {
      origin,
      redirectPolicy: { allowedOrigins: [origin], allowedDevOrigins: [origin] },
    },
    redirect: (url) => redirected.push(url),
    portalRedirectPolicy: { allowedOrigins: [origin], allowedDevOrigins: [origin] },
    saveFile: (blob, filename) => saved.push({ blob, filename }),
    storage: options.storage ?? memoryStorage(),
    inspect,
    clock: options.clock,
  };
  return {
    services,
    backend,
    navigated,
    redirected,
    saved,
    notification: () => notifications.getSnapshot().context.current,
    start: () => {
      notifications.start();
      auth.start();
    },
    stop: () => {
      auth.stop();
      notifications.stop();
    },
  };
}
