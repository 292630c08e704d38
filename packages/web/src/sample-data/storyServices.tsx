import { useEffect, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import {
  authMachine,
  checkoutMachine,
  createMemoryTokenStore,
  createNotify,
  createForgotPasswordImplementations,
  createPaymentSuccessImplementations,
  createPortalClient,
  createResetPasswordImplementations,
  establishmentSearchMachine,
  forgotPasswordMachine,
  paymentSuccessMachine,
  resetPasswordMachine,
  heroMachine,
  loginMachine,
  notificationsMachine,
  onboardingMachine,
  pricingMachine,
  signupMachine,
  type AuthUser,
  type Credentials,
  type Customer,
  type Establishment,
  type FinalizeRequest,
  type FinalizeResult,
  type LoginResult,
  type Plan,
  type PortalClient,
  type SessionVerification,
  type SignupPayload,
} from '@portal/core';
import { Providers } from '../app/Providers.tsx';
import type { AppServices, ScreenMachines } from '../app/services.tsx';

export const storyOrigin = 'http://storybook.test';

/** A promise that never settles: the actor waiting on it stays in its loading state. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

export const storyUser: Customer = {
  _id: 'c1',
  email: 'marie.curie@boutique-exemple.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  phone: '+33 6 12 34 56 78',
  company_name: 'Boutique Exemple',
  shop_domain: 'boutique-exemple.myshopify.com',
  stripe_customer_id: 'cus_story',
};

/** A client whose every request answers through `respond` (default: 404, as a missing backend). */
export function storyClient(
  respond: (request: Request) => Response | Promise<Response> = () =>
    Response.json({ message: 'Ressource non trouvée' }, { status: 404 }),
): PortalClient {
  return createPortalClient({
    baseUrl: storyOrigin,
    tokenStore: createMemoryTokenStore(),
    fetch: async (request: Request) => respond(request),
  });
}

type ActorsOf<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Parameters<M['provide']>[0] extends { actors?: infer A } ? A : never
>;

export interface ScreenActors {
  pricing?: ActorsOf<typeof pricingMachine>;
  checkout?: ActorsOf<typeof checkoutMachine>;
  signup?: ActorsOf<typeof signupMachine>;
  onboarding?: ActorsOf<typeof onboardingMachine>;
  establishmentSearch?: ActorsOf<typeof establishmentSearchMachine>;
}

/** What the establishment search suggests in stories (the signup's step 2). */
export const storyEstablishments: Establishment[] = [
  {
    id: 'p1',
    name: 'Le Petit Bistrot',
    address: '12 rue de la Paix, 75002 Paris',
    phone: '+33 1 42 00 00 01',
    types: ['restaurant'],
  },
  {
    id: 'p2',
    name: 'Bistrot des Halles',
    address: '4 rue Montorgueil, 75001 Paris',
    phone: null,
    types: ['restaurant', 'bar'],
  },
];

export interface StoryServiceOptions {
  /** Signed in as this user (null: a visitor). */
  user?: AuthUser | null;
  /** The stored session's customer is still being fetched (the guards show their spinner). */
  loadingUser?: boolean;
  logIn?: (credentials: Credentials) => Promise<LoginResult>;
  /** Fake actors replacing the defaults of a screen's machine (its actions stay wired). */
  actors?: ScreenActors;
  client?: PortalClient;
}

/**
 * The app's services for a story: the real core machines, provided with fake actors, so a
 * screen shows exactly what its machine decides for the answers the story scripts.
 */
export function createStoryServices(
  options: StoryServiceOptions,
  navigate: (to: string) => void,
): AppServices {
  const user = options.user ?? null;
  const notifications = createActor(notificationsMachine, { input: {} });
  const notify = createNotify(notifications);
  const auth = createActor(
    authMachine.provide({
      actors: {
        fetchCurrentUser: fromPromise<AuthUser>(() =>
          options.loadingUser || user === null ? never() : Promise.resolve(user),
        ),
        logOut: fromPromise<void>(async () => {}),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        navigate: (_, params) => navigate(params.to),
      },
      guards: { hasStoredToken: () => user !== null || options.loadingUser === true },
    }),
  );
  const client = options.client ?? storyClient();
  const machines: ScreenMachines = {
    login: loginMachine.provide({
      actors: {
        logIn: fromPromise<LoginResult, Credentials>(({ input }) =>
          options.logIn
            ? options.logIn(input)
            : Promise.resolve({ user: storyUser, tokens: { accessToken: 'a', refreshToken: 'r' } }),
        ),
      },
      actions: {
        sessionStarted: (_, result) => auth.send({ type: 'auth.loggedIn', ...result }),
        notify: (_, notice) => notify(notice),
      },
    }),
    pricing: pricingMachine.provide({
      actors: {
        loadPlans: fromPromise<Plan[] | undefined>(async () => undefined),
        ...options.actors?.pricing,
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    checkout: checkoutMachine.provide({
      actors: {
        createCheckoutSession: fromPromise(() => never<{ url: string }>()),
        ...options.actors?.checkout,
      },
      actions: { navigate: () => {}, notify: (_, notice) => notify(notice) },
    }),
    signup: signupMachine.provide({
      actors: {
        register: fromPromise<void, SignupPayload>(async () => {}),
        ...options.actors?.signup,
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
    onboarding: onboardingMachine.provide({
      actors: {
        verifySession: fromPromise<SessionVerification, { sessionId: string }>(async () => ({
          success: true,
          planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
          billingCycle: 'yearly' as const,
        })),
        startRegistration: fromPromise(async () => ({ inviteToken: 'invite' })),
        finalizeRegistration: fromPromise<FinalizeResult, FinalizeRequest>(async () => ({
          tokens: { accessToken: 'a', refreshToken: 'r' },
        })),
        ...options.actors?.onboarding,
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
    hero: heroMachine,
    establishmentSearch: establishmentSearchMachine.provide({
      actors: {
        searchEstablishments: fromPromise<Establishment[], { query: string }>(
          async () => storyEstablishments,
        ),
        ...options.actors?.establishmentSearch,
      },
    }),
    // These screens' stories script the client's answers: their machines run over it.
    forgotPassword: forgotPasswordMachine.provide(createForgotPasswordImplementations({ client })),
    resetPassword: resetPasswordMachine.provide(createResetPasswordImplementations({ client })),
    paymentSuccess: paymentSuccessMachine.provide(createPaymentSuccessImplementations({ client })),
  };
  return {
    client,
    auth,
    notifications,
    notify,
    navigate,
    machines,
    checkoutInput: {
      origin: storyOrigin,
      redirectPolicy: { allowedOrigins: [], allowedDevOrigins: [storyOrigin] },
    },
  };
}

export interface StoryFrameProps extends StoryServiceOptions {
  /** The in-memory location the screen starts at (path and query). */
  path?: string;
  children: ReactNode;
}

/**
 * Router, providers and freshly started actors around one story; the actors stop when the story
 * unmounts, so no story sees another's state.
 */
export function StoryFrame({ path = '/', children, ...options }: StoryFrameProps) {
  const [frame] = useState(() => {
    const location = memoryLocation({ path, record: true });
    const services = createStoryServices(options, (to) => location.navigate(to));
    services.notifications.start();
    services.auth.start();
    return { location, services };
  });
  useEffect(
    () => () => {
      frame.services.auth.stop();
      frame.services.notifications.stop();
    },
    [frame],
  );
  return (
    <Router hook={frame.location.hook} searchHook={frame.location.searchHook}>
      <Providers services={frame.services}>{children}</Providers>
    </Router>
  );
}

/** The decorator form of StoryFrame, for a whole stories file or one story. */
export function withServices(options: Omit<StoryFrameProps, 'children'> = {}): Decorator {
  return (Story) => (
    <StoryFrame {...options}>
      <Story />
    </StoryFrame>
  );
}
