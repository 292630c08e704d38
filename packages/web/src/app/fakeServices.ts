import { createActor, fromPromise } from 'xstate';
import {
  authMachine,
  checkoutMachine,
  createForgotPasswordImplementations,
  createMemoryTokenStore,
  createNotify,
  createPaymentSuccessImplementations,
  createPortalClient,
  createResetPasswordImplementations,
  establishmentSearchMachine,
  forgotPasswordMachine,
  heroMachine,
  loginMachine,
  notificationsMachine,
  onboardingMachine,
  paymentSuccessMachine,
  pricingMachine,
  resetPasswordMachine,
  signupMachine,
  type AuthUser,
  type Credentials,
  type Establishment,
  type FinalizeRequest,
  type FinalizeResult,
  type LoginResult,
  type Plan,
  type PortalClient,
  type SessionVerification,
  type SignupPayload,
} from '@portal/core';
import type { AppServices, ScreenMachines } from './services.tsx';

/**
 * The app's services over fake actors, for component tests (`src/test/services.tsx`) and stories
 * (`src/sample-data/storyServices.tsx`): the real core machines decide what a screen shows, for
 * the answers scripted here. Nothing here reaches a network.
 */

/** A promise that never settles: the actor waiting on it stays in its loading state. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/** A client whose every call answers through `respond` (default: 404, as a missing backend). */
export function fakeClient(
  origin: string,
  respond: (request: Request) => Response | Promise<Response> = () =>
    Response.json({ message: 'Ressource non trouvée' }, { status: 404 }),
): PortalClient {
  return createPortalClient({
    baseUrl: origin,
    tokenStore: createMemoryTokenStore(),
    fetch: async (request: Request) => respond(request),
  });
}

type ActorsOf<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Parameters<M['provide']>[0] extends { actors?: infer A } ? A : never
>;

/** Fake actors replacing the defaults of a screen's machine (its actions stay wired). */
export interface ScreenActors {
  pricing?: ActorsOf<typeof pricingMachine>;
  checkout?: ActorsOf<typeof checkoutMachine>;
  signup?: ActorsOf<typeof signupMachine>;
  onboarding?: ActorsOf<typeof onboardingMachine>;
  establishmentSearch?: ActorsOf<typeof establishmentSearchMachine>;
}

export interface FakeServiceOptions {
  origin: string;
  /** The stored session's user (null: a visitor). */
  user: AuthUser | null;
  /** Who logs in, or whose session another flow (onboarding) starts. */
  sessionUser: AuthUser;
  /** The stored session's customer is still being fetched (the guards show their spinner). */
  loadingUser?: boolean | undefined;
  logIn?: ((credentials: Credentials) => Promise<LoginResult>) | undefined;
  actors?: ScreenActors | undefined;
  /** What the establishment search suggests. */
  establishments?: Establishment[] | undefined;
  client?: PortalClient | undefined;
  navigate: (to: string) => void;
  /** Where the checkout would leave the app for the provider's page. */
  redirect: (url: string) => void;
}

/** The services, actors not started: the caller starts them (and stops them, in stories). */
export function createFakeServices(
  options: FakeServiceOptions,
): AppServices & { machines: ScreenMachines } {
  const { origin, user, sessionUser, navigate, actors = {} } = options;
  const client = options.client ?? fakeClient(origin);
  const tokens = { accessToken: 'a', refreshToken: 'r' };
  const notifications = createActor(notificationsMachine, { input: {} });
  const notify = createNotify(notifications);
  const auth = createActor(
    authMachine.provide({
      actors: {
        fetchCurrentUser: fromPromise<AuthUser>(() =>
          options.loadingUser ? never() : Promise.resolve(user ?? sessionUser),
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
  const machines: ScreenMachines = {
    login: loginMachine.provide({
      actors: {
        logIn: fromPromise<LoginResult, Credentials>(({ input }) =>
          options.logIn ? options.logIn(input) : Promise.resolve({ user: sessionUser, tokens }),
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
        ...actors.pricing,
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    checkout: checkoutMachine.provide({
      actors: {
        createCheckoutSession: fromPromise(async () => ({
          url: `${origin}/sandbox/checkout/cs_1`,
        })),
        ...actors.checkout,
      },
      actions: {
        navigate: (_, params) => options.redirect(params.url),
        notify: (_, notice) => notify(notice),
      },
    }),
    signup: signupMachine.provide({
      actors: {
        register: fromPromise<void, SignupPayload>(async () => {}),
        ...actors.signup,
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
          tokens,
        })),
        ...actors.onboarding,
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
    hero: heroMachine,
    establishmentSearch: establishmentSearchMachine.provide({
      actors: {
        searchEstablishments: fromPromise<Establishment[], { query: string }>(
          async () => options.establishments ?? [],
        ),
        ...actors.establishmentSearch,
      },
    }),
    // These screens' tests and stories script the client's answers: their machines run over it.
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
      origin,
      redirectPolicy: { allowedOrigins: [], allowedDevOrigins: [origin] },
    },
    redirect: options.redirect,
    portalRedirectPolicy: { allowedOrigins: [origin], allowedDevOrigins: [origin] },
    saveFile: () => {},
    storage: { getItem: () => null, setItem: () => {} },
  };
}
