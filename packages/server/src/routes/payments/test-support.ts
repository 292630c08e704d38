import Stripe from 'stripe';
import { newId } from '../../auth/tokens.ts';
import { createSandboxProvider } from '../../payments/sandbox/provider.ts';
import { findSandboxSubscription } from '../../payments/sandbox/sandbox.repo.ts';
import { call, type TestServer } from '../../test/harness.ts';

export const ORIGIN = 'http://127.0.0.1:3000';
export const WEBHOOK_SECRET = 'whsec_test_secret';
export const SUCCESS_URL = `${ORIGIN}/onboarding?session_id={CHECKOUT_SESSION_ID}`;
/** What a client sends: the contract's `format: uri` wants the braces percent-encoded. */
export const SUCCESS_URL_SENT = `${ORIGIN}/onboarding?session_id=%7BCHECKOUT_SESSION_ID%7D`;
export const CANCEL_URL = `${ORIGIN}/payment/cancel?plan=scale&billing=yearly`;

export async function createCheckout(
  server: TestServer,
  plan = 'scale',
  billingCycle: 'monthly' | 'yearly' = 'yearly',
): Promise<{ id: string; url: string }> {
  const answer = await call<{ data: { id: string; url: string } }>(
    server,
    'POST',
    '/api/stripe/checkout-sessions',
    {
      body: { plan_id: plan, billingCycle, successUrl: SUCCESS_URL_SENT, cancelUrl: CANCEL_URL },
    },
  );
  if (answer.status !== 200) throw new Error(`checkout answered ${answer.status}`);
  return answer.body.data;
}

/** Submits the sandbox checkout form as a browser would. */
export async function submitPayment(
  server: TestServer,
  id: string,
  card: string,
  email = 'acheteur@example.test',
) {
  return server.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, card }).toString(),
  });
}

export async function paidSession(
  server: TestServer,
  plan = 'scale',
  cycle: 'monthly' | 'yearly' = 'yearly',
) {
  const session = await createCheckout(server, plan, cycle);
  const paid = await submitPayment(server, session.id, '4242 4242 4242 4242');
  if (paid.statusCode !== 303) throw new Error(`payment answered ${paid.statusCode}`);
  return session;
}

export async function inviteFor(server: TestServer, sessionId: string): Promise<string> {
  const answer = await call<{ data: { invite_token: string } }>(
    server,
    'POST',
    '/api/onboarding/register/start',
    { body: { session_id: sessionId } },
  );
  if (answer.status !== 200) throw new Error(`start answered ${answer.status}`);
  return answer.body.data.invite_token;
}

export const newAccount = {
  email: 'nouvelle.cliente@example.test',
  password: 'MotDePasse1',
  first_name: 'Camille',
  last_name: 'Durand',
  company: 'Ma Boutique',
  newsletter: true,
};

export function finalize(server: TestServer, invite: string, body: object = newAccount) {
  return call<Record<string, unknown>>(server, 'POST', '/api/onboarding/register/finalize', {
    token: invite,
    body,
  });
}

/** A provider event signed with the test secret, as the provider would send it. */
export function signedEvent(
  payload: object,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { body, signature };
}

/** The provider's event for a paid checkout session, signed with the test secret. */
export function checkoutCompleted(sessionId: string, eventId = `evt_${newId()}`) {
  return signedEvent({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
}

export function sendWebhook(
  server: Pick<TestServer, 'app'>,
  event: { body: string; signature: string },
) {
  return call<{ received?: boolean; message?: string }>(server, 'POST', '/api/stripe/webhook', {
    rawBody: event.body,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
}

export async function count(server: TestServer, sql: string, params: unknown[] = []) {
  const [row] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return row?.n ?? 0;
}

/** A customer who bought `plan` through the sandbox and finished onboarding. */
export async function onboardedCustomer(
  server: TestServer,
  plan = 'scale',
  cycle: 'monthly' | 'yearly' = 'yearly',
  email = newAccount.email,
) {
  const session = await paidSession(server, plan, cycle);
  const created = await finalize(server, await inviteFor(server, session.id), {
    ...newAccount,
    email,
  });
  if (created.status !== 201) throw new Error(`finalize answered ${created.status}`);
  const customer = created.body.customer as { _id: string; stripe_customer_id: string };
  const tokens = created.body.tokens as { accessToken: string };
  return { sessionId: session.id, customer, accessToken: tokens.accessToken };
}

/** A sandbox page's form posted as a browser would (no fields: a button). */
export function postSandboxForm(
  server: Pick<TestServer, 'app'>,
  url: string,
  fields: Record<string, string> = {},
) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The path of the account's sandbox customer portal, as its 'Gérer' button opens it. */
export async function sandboxPortalPath(
  server: Pick<TestServer, 'app'>,
  token: string,
): Promise<string> {
  const opened = await call<{ data: { url: string } }>(
    server,
    'POST',
    '/api/stripe/customer-portal',
    { token, body: { returnUrl: `${ORIGIN}/dashboard?tab=subscription` } },
  );
  if (opened.status !== 200) throw new Error(`the customer portal answered ${opened.status}`);
  return new URL(opened.body.data.url).pathname;
}

/** The sandbox's own view of `server`'s database, as its test clock and portal use it. */
export function sandboxOf(server: TestServer) {
  return createSandboxProvider({
    db: server.db,
    publicOrigin: ORIGIN,
    webhookSecret: WEBHOOK_SECRET,
    now: server.clock.now,
  });
}

/** A sandbox subscription's status and cancellation, as the sandbox stores them. */
export async function sandboxSubscription(server: TestServer, id: string) {
  const row = await findSandboxSubscription(server.db, id);
  return row === null
    ? undefined
    : { status: row.status, cancel_at_period_end: row.cancel_at_period_end };
}
