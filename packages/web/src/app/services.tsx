import { createContext, useContext, type ReactNode } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic } from 'xstate';
import type {
  authMachine,
  CheckoutInput,
  notificationsMachine,
  Notify,
  PortalClient,
  RedirectPolicy,
  SaveFile,
  SidebarStorage,
} from '@portal/core';
import type { Inspect } from './inspector.ts';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

/**
 * What the pages need from the app: the client, the long-lived actors created at the root and the
 * browser's effects. Each flow implements its machine over these (`app/flow.tsx`); tests and
 * stories hand in the fake services of `src/testing/` (the sample backend under the real client).
 */
export interface AppServices {
  client: PortalClient;
  auth: AuthActor;
  notifications: NotificationsActor;
  notify: Notify;
  navigate: (to: string) => void;
  /** Where the checkout returns and which provider pages it may open (known without `window`). */
  checkoutInput: CheckoutInput;
  /** Leaves the app for a provider's page (customer portal). */
  redirect: (url: string) => void;
  /** Which customer-portal URLs the subscription flow may follow. */
  portalRedirectPolicy: RedirectPolicy;
  /** Hands a downloaded file (the theme archive) to the browser. */
  saveFile: SaveFile;
  /** Where the sidebar remembers its state (local storage in the browser). */
  storage: SidebarStorage;
  /** The Stately inspector's observer, handed to every actor; only in development when asked. */
  inspect?: Inspect | undefined;
  /** The clock of the flows' delayed transitions (tests hand XState's `SimulatedClock`). */
  clock?: ActorOptions<AnyActorLogic>['clock'] | undefined;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices: missing <ServicesProvider>');
  return services;
}
