import {
  givesAccess,
  isPaid,
  messages,
  subscriptionStateOf,
  type CurrentSubscription,
  type Customer,
  type AccountPreferences,
  type Licence,
} from '@portal/core';
import {
  sampleEstablishments,
  samplePaidSession,
  samplePlans,
  sampleSubscription,
  sampleLicences,
  samplePreferences,
  sampleThemeUpdate,
  sampleThemeWithReleases,
  sampleUser,
} from './sampleData.ts';

/** A request as a route handler sees it: the path's `:params` and the parsed JSON body. */
export interface SampleRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
  /** A multipart upload's fields and files (its body is then undefined). */
  form?: FormData | undefined;
}

export type SampleHandler = (request: SampleRequest) => Response | Promise<Response>;

/** `'METHOD /path/:param'` -> handler; a test or story replaces the answers it is about. */
export type SampleAnswers = Record<string, SampleHandler>;

export interface SampleState {
  user: Customer;
  licences: Licence[];
  subscription: CurrentSubscription;
  preferences: AccountPreferences;
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** A promise that never settles: the actor waiting on it stays in its loading state. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/** An answer that never comes (a loading state). */
export const pending: SampleHandler = () => never<Response>();

/** The server's refusal with its French message. */
export const refuse =
  (status: number, message?: string): SampleHandler =>
  () =>
    json(message === undefined ? {} : { message }, status);

/** The network failing (no answer at all). */
export const networkFailure: SampleHandler = () => Promise.reject(new TypeError('Failed to fetch'));

const farFuture = Math.floor(Date.UTC(2099, 0, 1) / 1000);

/** An unsigned JWT the client reads as valid until 2099 (it never verifies signatures). */
export function sampleAccessToken(): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'c1', exp: farFuture })}.c2ln`;
}

export const sampleTokens = () => ({ accessToken: sampleAccessToken(), refreshToken: 'refresh' });

function usageOf(state: SampleState): CurrentSubscription['usage'] {
  const limit = state.subscription.usage.licensesLimit;
  // A licence left out by a plan change is kept but takes no place.
  const used = state.licences.filter((licence) => licence.status !== 'inactive').length;
  return { licensesUsed: used, licensesLimit: limit, licensesRemaining: Math.max(0, limit - used) };
}

/** The server's effective status, and whether it gives access (licences, download). */
function accessOf(state: SampleState) {
  const status = subscriptionStateOf(state.subscription);
  const refusal =
    status === 'trial_ended'
      ? messages.subscriptionRules.trialEnded
      : messages.subscriptionRules.subscriptionEnded;
  return { granted: givesAccess(status), refusal };
}

/** Without access the licences are listed inactive (the stored status comes back later). */
function listedLicences(state: SampleState): Licence[] {
  if (accessOf(state).granted) return state.licences;
  return state.licences.map((licence) => ({ ...licence, status: 'inactive' }));
}

/** The subscription as the server answers it, with the usage of the licences held. */
function currentOf(state: SampleState): CurrentSubscription {
  return { ...state.subscription, usage: usageOf(state) };
}

/**
 * PUT /api/client/subscription/current: an active or past-due paid subscription moves to another
 * plan or cycle at once; the licences not kept become inactive when over the new limit, never
 * more active ones than the limit (the server's guard), with its French refusals.
 */
function changePlan(state: SampleState, body: unknown): Response {
  const request = body as {
    plan_id: string;
    billingCycle: 'monthly' | 'yearly';
    keep_licence_ids?: string[];
  };
  const current = state.subscription.subscription;
  if (current === null || !hasPaidSubscription(state))
    return json({ message: messages.subscriptionRules.noPaidSubscription }, 409);
  const plan = samplePlans.find((candidate) => candidate._id === request.plan_id);
  if (plan === undefined) return json({ message: 'Plan introuvable' }, 404);
  if (current.plan_id === plan._id && (current.billingCycle ?? 'monthly') === request.billingCycle)
    return json({ message: messages.subscriptionRules.samePlan }, 409);
  const active = state.licences.filter((licence) => licence.status === 'active');
  const keep = request.keep_licence_ids;
  if (keep !== undefined && keep.some((id) => !active.some((licence) => licence._id === id)))
    return json({ message: messages.licences.badRequest }, 400);
  const kept = keep ?? active.map((licence) => licence._id);
  const limit = plan.max_licenses;
  if (limit !== 999 && kept.length > limit)
    return json(
      { message: messages.subscriptionRules.tooManyLicences(plan.name, limit, kept.length) },
      409,
    );
  state.licences = state.licences.map((licence) =>
    licence.status === 'active' && !kept.includes(licence._id)
      ? { ...licence, status: 'inactive' }
      : licence,
  );
  state.subscription = {
    ...state.subscription,
    subscription: {
      ...current,
      name: plan.name,
      plan_id: plan._id,
      billingCycle: request.billingCycle,
      price: request.billingCycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice,
    },
    usage: { ...state.subscription.usage, licensesLimit: limit },
  };
  return json(currentOf(state));
}

/** POST cancel / resume: cancel_at_period_end set or cleared on a running paid subscription. */
function setCancelAtPeriodEnd(state: SampleState, cancel: boolean): Response {
  const current = state.subscription.subscription;
  if (current === null || !hasPaidSubscription(state))
    return json(
      {
        message: cancel
          ? messages.subscriptionRules.nothingToCancel
          : messages.subscriptionRules.cannotResume,
      },
      409,
    );
  state.subscription = {
    ...state.subscription,
    subscription: { ...current, cancel_at_period_end: cancel },
  };
  return json(currentOf(state));
}

/** An active (or retrying) paid subscription: a new checkout is refused. */
function hasPaidSubscription(state: SampleState): boolean {
  return isPaid(subscriptionStateOf(state.subscription));
}

/** The contract's answers over one in-memory copy of the sample data. */
function defaultAnswers(state: SampleState, origin: string): SampleAnswers {
  let nextLicence = state.licences.length + 1;
  const licenceValues = (body: unknown) => {
    const values = body as { custom_domain: string; shop_domain: string };
    return { custom_domain: values.custom_domain, shop_domain: values.shop_domain };
  };
  return {
    'POST /api/client/auth/login': () =>
      json({ message: 'Connexion réussie', customer: state.user, tokens: sampleTokens() }),
    'POST /admin/auth/logout': () => json({ message: 'Déconnecté' }),
    'POST /api/client/auth/register': () => json({ message: 'Compte créé' }, 201),
    'POST /admin/auth/forgot-password': () => json({ message: 'Lien envoyé' }),
    'POST /admin/auth/reset-password': () => json({ message: 'Mot de passe réinitialisé' }),
    'GET /api/client/profile': () => json({ customer: state.user }),
    'PUT /api/client/profile': ({ body }) => {
      state.user = { ...state.user, ...(body as Partial<Customer>) };
      return json({ message: 'Profil mis à jour', customer: state.user });
    },
    'PUT /api/client/auth/change-password': () => json({ message: 'Mot de passe modifié' }),
    'GET /api/client/licenses': () => json({ licenses: listedLicences(state) }),
    'POST /api/client/licenses': ({ body }) => {
      const access = accessOf(state);
      if (!access.granted) return json({ message: access.refusal }, 403);
      const license: Licence = {
        _id: `l${nextLicence++}`,
        ...licenceValues(body),
        theme_name: 'Theme Portal',
        status: 'active',
        expires_at: '2027-06-30T10:00:00.000Z',
      };
      state.licences = [...state.licences, license];
      return json({ message: 'Licence créée', license }, 201);
    },
    'PUT /api/client/licenses/:id': ({ params, body }) => {
      const found = state.licences.find((licence) => licence._id === params.id);
      if (found === undefined) return json({ message: 'Licence introuvable' }, 404);
      const license = { ...found, ...licenceValues(body) };
      state.licences = state.licences.map((licence) =>
        licence._id === params.id ? license : licence,
      );
      return json({ message: 'Licence modifiée', license });
    },
    'DELETE /api/client/licenses/:id': ({ params }) => {
      state.licences = state.licences.filter((licence) => licence._id !== params.id);
      return new Response(null, { status: 204 });
    },
    'GET /api/client/subscription/current': () =>
      json({ ...state.subscription, usage: usageOf(state) }),
    'PUT /api/client/subscription/current': ({ body }) => changePlan(state, body),
    'POST /api/client/subscription/cancel': () => setCancelAtPeriodEnd(state, true),
    'POST /api/client/subscription/resume': () => setCancelAtPeriodEnd(state, false),
    'GET /api/client/plans': () => json({ plans: samplePlans }),
    'GET /api/client/download-zip/:filename': () =>
      !accessOf(state).granted
        ? json({ message: accessOf(state).refusal }, 403)
        : new Response(new Blob(['PK'], { type: 'application/zip' }), {
            headers: { 'Content-Type': 'application/zip' },
          }),
    // Every release downloadable while a subscription gives access, none without (a trial ended).
    'GET /api/client/themes': () => {
      const granted = accessOf(state).granted;
      const releases = sampleThemeWithReleases.releases.map((release) => ({
        ...release,
        downloadable: granted,
      }));
      return json({ themes: [{ ...sampleThemeWithReleases, releases }] });
    },
    'POST /api/client/themes/update': () => json(sampleThemeUpdate, 201),
    'GET /api/client/themes/update/:id': () =>
      new Response(new Blob(['PK-merged'], { type: 'application/zip' }), {
        headers: { 'Content-Type': 'application/zip' },
      }),
    'GET /customers/preferences': () => json({ preferences: state.preferences }),
    'PUT /customers/preferences': ({ body }) => {
      state.preferences = body as AccountPreferences;
      return json({ message: 'Préférences enregistrées', preferences: state.preferences });
    },
    'POST /api/stripe/checkout-sessions': () =>
      json({ data: { url: `${origin}/sandbox/checkout/${samplePaidSession.id}` } }),
    'GET /api/stripe/checkout-sessions/:id': ({ params }) =>
      json({ data: { id: params.id, amount_total: samplePaidSession.amountTotal } }),
    // As the server: the account's own provider customer; another id named is not found.
    'POST /api/stripe/customer-portal': ({ body }) => {
      const own = state.user.stripe_customer_id ?? null;
      const named = (body as { stripe_customer_id?: string | null }).stripe_customer_id ?? null;
      if (own === null || (named !== null && named !== own))
        return json({ message: 'Ressource non trouvée' }, 404);
      return json({ data: { url: `${origin}/sandbox/portal/${own}` } });
    },
    'GET /api/onboarding/sessions/:id': () =>
      json({
        success: true,
        planDetails: samplePaidSession.planDetails,
        billingCycle: samplePaidSession.billingCycle,
        email: samplePaidSession.email,
      }),
    // The same answer whatever the email (nothing is revealed).
    'POST /api/onboarding/resend-link': () => json({ message: messages.purchase.resendSent }, 202),
    // A signed-in customer buys; refused while a paid subscription is active (change plan instead).
    'POST /api/client/subscription/checkout': () =>
      hasPaidSubscription(state)
        ? json({ message: messages.purchase.alreadySubscribed }, 409)
        : json({
            data: {
              id: samplePaidSession.id,
              url: `${origin}/sandbox/checkout/${samplePaidSession.id}`,
            },
          }),
    // The paid sample session becomes the account's subscription (replacing a trial, none or a
    // paid one), and its provider customer the account's, as the server does.
    'POST /api/client/subscription/attach': () => {
      const { planDetails, billingCycle, customerId } = samplePaidSession;
      state.user = { ...state.user, stripe_customer_id: customerId };
      const limit = samplePlans.find((plan) => plan._id === planDetails.id)?.max_licenses ?? 0;
      state.subscription = {
        usage: { ...state.subscription.usage, licensesLimit: limit },
        hasSubscription: true,
        subscription: {
          name: planDetails.name,
          price: planDetails.price,
          plan_id: planDetails.id,
          billingCycle,
          status: 'active',
          trial_end: null,
          cancel_at_period_end: false,
        },
      };
      return json({ ...state.subscription, usage: usageOf(state) });
    },
    'POST /api/onboarding/register/start': () => json({ data: { invite_token: 'invite' } }, 201),
    'POST /api/onboarding/register/finalize': () =>
      json({ message: 'Compte créé', tokens: sampleTokens() }, 201),
    'GET /api/google-places/search': () => json({ establishments: sampleEstablishments }),
  };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}

export interface SampleBackend {
  /** The `fetch` the client is built over. */
  fetch: (request: Request) => Promise<Response>;
  /** What the backend holds now (after the creations, edits and deletions it answered). */
  state: SampleState;
  /** Every request received, as `'METHOD /path'`. */
  calls: string[];
}

/**
 * The one fake layer under component tests and stories: the contract's calls answered from the
 * sample data, so every flow runs its real implementations (client, rules, messages) and a test
 * replaces only the answers it is about (`answers`).
 */
export function createSampleBackend(
  origin: string,
  answers: SampleAnswers = {},
  initial: Partial<SampleState> = {},
): SampleBackend {
  const state: SampleState = {
    user: initial.user ?? sampleUser,
    licences: initial.licences ?? sampleLicences,
    subscription: initial.subscription ?? sampleSubscription,
    preferences: initial.preferences ?? samplePreferences,
  };
  const routes = { ...defaultAnswers(state, origin), ...answers };
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/');
    const form = multipart ? await request.formData() : undefined;
    const text = multipart ? '' : await request.text();
    for (const [key, handler] of Object.entries(routes)) {
      const [method, pattern] = key.split(' ') as [string, string];
      if (method !== request.method) continue;
      const params = match(pattern, url.pathname);
      if (params === null) continue;
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      return handler({ method, url, params, body, headers: request.headers, form });
    }
    return json({ message: 'Ressource non trouvée' }, 404);
  };
  return { fetch, state, calls };
}
