import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
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
  type Establishment,
  notificationsMachine,
  onboardingMachine,
  pricingMachine,
  signupMachine,
  type FinalizeRequest,
  type FinalizeResult,
  type Plan,
  type SessionVerification,
  type SignupPayload,
  type AuthUser,
  type Credentials,
  type LoginResult,
  type PortalClient,
} from '@portal/core';
import { App } from '../app/App.tsx';
import { Providers } from '../app/Providers.tsx';
import type { AppServices, ScreenMachines } from '../app/services.tsx';

export const testOrigin = 'http://portal.test';

/** A client whose every call answers through `respond` (default: 404). */
export function fakeClient(
  respond: (request: Request) => Response | Promise<Response> = () =>
    Response.json({ message: 'Ressource non trouvée' }, { status: 404 }),
): PortalClient {
  return createPortalClient({
    baseUrl: testOrigin,
    tokenStore: createMemoryTokenStore(),
    fetch: async (request: Request) => respond(request),
  });
}

export const demoUser: AuthUser = {
  _id: 'c1',
  email: 'demo@theme-portal.test',
  first_name: 'Marie',
  last_name: 'Curie',
} as AuthUser;

export interface TestServiceOptions {
  logIn?: (credentials: Credentials) => Promise<LoginResult>;
  authenticated?: boolean;
  machines?: Partial<ScreenMachines>;
  client?: PortalClient;
}

/**
 * The app's services with the real core machines provided fake actors: what a page renders is
 * exactly what those machines decide.
 */
export function createTestServices(options: TestServiceOptions = {}) {
  const client = options.client ?? fakeClient();
  const navigated: string[] = [];
  const redirected: string[] = [];
  const navigate = (to: string) => navigated.push(to);
  const notifications = createActor(notificationsMachine, { input: {} }).start();
  const notify = createNotify(notifications);
  const auth = createActor(
    authMachine.provide({
      actors: {
        fetchCurrentUser: fromPromise(async () => demoUser),
        logOut: fromPromise<void>(async () => {}),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        navigate: (_, params) => navigate(params.to),
      },
      guards: { hasStoredToken: () => options.authenticated === true },
    }),
  ).start();
  const machines: ScreenMachines = {
    login: loginMachine.provide({
      actors: {
        logIn: fromPromise(async ({ input }: { input: Credentials }) =>
          options.logIn
            ? options.logIn(input)
            : { user: demoUser, tokens: { accessToken: 'a', refreshToken: 'r' } },
        ),
      },
      actions: {
        sessionStarted: (_, result) => auth.send({ type: 'auth.loggedIn', ...result }),
        notify: (_, notice) => notify(notice),
      },
    }),
    pricing: pricingMachine.provide({
      actors: { loadPlans: fromPromise<Plan[] | undefined>(async () => undefined) },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    checkout: checkoutMachine.provide({
      actors: {
        createCheckoutSession: fromPromise(async () => ({
          url: `${testOrigin}/sandbox/checkout/cs_1`,
        })),
      },
      actions: {
        navigate: (_, params) => redirected.push(params.url),
        notify: (_, notice) => notify(notice),
      },
    }),
    signup: signupMachine.provide({
      actors: { register: fromPromise<void, SignupPayload>(async () => {}) },
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
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
    hero: heroMachine,
    establishmentSearch: establishmentSearchMachine.provide({
      actors: {
        searchEstablishments: fromPromise<Establishment[], { query: string }>(async () => []),
      },
    }),
    // These screens' tests script the client's answers: their machines run over it.
    forgotPassword: forgotPasswordMachine.provide(createForgotPasswordImplementations({ client })),
    resetPassword: resetPasswordMachine.provide(createResetPasswordImplementations({ client })),
    paymentSuccess: paymentSuccessMachine.provide(createPaymentSuccessImplementations({ client })),
    ...options.machines,
  };
  const services: AppServices = {
    client,
    auth,
    notifications,
    notify,
    navigate,
    machines,
    checkoutInput: {
      origin: testOrigin,
      redirectPolicy: { allowedOrigins: [], allowedDevOrigins: [testOrigin] },
    },
  };
  return { services, navigated, redirected };
}

/** Renders the whole app (routes, guards, banner) at `path` in memory. */
export function renderApp(path: string, services: AppServices) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers services={services}>
        <App />
      </Providers>
    </Router>,
  );
  return { ...view, location };
}

/** Renders one page inside the providers, at `path`. */
export function renderPage(ui: ReactElement, services: AppServices, path = '/') {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Providers services={services}>{children}</Providers>
    </Router>
  );
  return { ...render(ui, { wrapper }), location };
}
