import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  authMachine,
  checkoutMachine,
  CheckoutInput,
  establishmentSearchMachine,
  forgotPasswordMachine,
  heroMachine,
  loginMachine,
  notificationsMachine,
  Notify,
  onboardingMachine,
  paymentSuccessMachine,
  PortalClient,
  pricingMachine,
  RedirectPolicy,
  SaveFile,
  SidebarStorage,
  resetPasswordMachine,
  signupMachine,
} from '@portal/core';
import type { Inspect } from './inspector.ts';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

/** Each screen's machine, provided with its implementations; a screen runs its own actor. */
export interface ScreenMachines {
  login: typeof loginMachine;
  pricing: typeof pricingMachine;
  checkout: typeof checkoutMachine;
  signup: typeof signupMachine;
  onboarding: typeof onboardingMachine;
  hero: typeof heroMachine;
  establishmentSearch: typeof establishmentSearchMachine;
  forgotPassword: typeof forgotPasswordMachine;
  resetPassword: typeof resetPasswordMachine;
  paymentSuccess: typeof paymentSuccessMachine;
}

/**
 * What the pages need from the app: the client and the long-lived actors created at the root.
 * Each screen provides its own machine (`useScreenMachine`); tests and stories hand in theirs
 * (the same machines provided with fake actors) through `machines`.
 */
export interface AppServices {
  client: PortalClient;
  auth: AuthActor;
  notifications: NotificationsActor;
  notify: Notify;
  navigate: (to: string) => void;
  /** Screens' machines to use instead of the ones the screens provide themselves. */
  machines?: Partial<ScreenMachines> | undefined;
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

/** The app's inspector, if any; components rendered without services (stories) have none. */
export function useInspect(): Inspect | undefined {
  return useContext(ServicesContext)?.inspect;
}
