import { expect } from 'vitest';
import { CANCEL_URL, ORIGIN } from '../routes/payments/test-support.ts';
import { call, sessionFor, type TestServer } from './harness.ts';

export interface Current {
  hasSubscription: boolean;
  subscription: {
    name: string;
    price: number;
    plan_id: string;
    billingCycle: string;
    status: string;
    current_period_end: string | null;
    trial_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
  usage: { licensesUsed: number; licensesLimit: number; licensesRemaining: number };
}

export interface ListedLicence {
  _id: string;
  custom_domain: string;
  status: string;
  expires_at: string | null;
}

const RETURN_URL = `${ORIGIN}/dashboard?tab=subscription`;

/** A sandbox page's HTML with the entities its escaping writes turned back into characters. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * What the subscription's tests do as a customer would, over HTTP on `server`: read the
 * subscription and the licences, sign up for a trial, open the sandbox's portal and post its
 * forms, read the outbox.
 */
export function subscriptionKit(server: TestServer) {
  /** A new session for the account: access tokens last 15 minutes, the tests move days ahead. */
  const tokenOf = async (customerId: string): Promise<string> =>
    (await sessionFor(server, { kind: 'customer', id: customerId })).accessToken;

  return {
    tokenOf,

    async current(token: string): Promise<Current> {
      const answer = await call<Current>(server, 'GET', '/api/client/subscription/current', {
        token,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    },

    /** A customer from the signup wizard: its account and its free trial. */
    async trialCustomer(email = 'essai@example.test', shop = 'essai') {
      const registered = await call<{ customer: { _id: string } }>(
        server,
        'POST',
        '/api/client/auth/register',
        {
          body: {
            email,
            password: 'Secret123',
            first_name: 'Léa',
            last_name: 'Petit',
            shop_domain: shop,
          },
        },
      );
      expect(registered.status).toBe(201);
      const id = registered.body.customer._id;
      return { id, email, accessToken: await tokenOf(id) };
    },

    addLicence(token: string, domain: string) {
      return call<{ license: ListedLicence }>(server, 'POST', '/api/client/licenses', {
        token,
        body: { custom_domain: domain, shop_domain: domain.split('.')[0] },
      });
    },

    async licences(token: string): Promise<ListedLicence[]> {
      const answer = await call<{ licenses: ListedLicence[] }>(
        server,
        'GET',
        '/api/client/licenses',
        { token },
      );
      expect(answer.status).toBe(200);
      return answer.body.licenses;
    },

    /** The checkout a plan card opens for a signed-in customer: its sandbox page's path. */
    async checkout(token: string, cycle: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
      const opened = await call<{ data: { url: string } }>(
        server,
        'POST',
        '/api/client/subscription/checkout',
        {
          token,
          body: {
            plan_id: 'scale',
            billingCycle: cycle,
            successUrl: `${ORIGIN}/payment/success?session_id=%7BCHECKOUT_SESSION_ID%7D`,
            cancelUrl: CANCEL_URL,
          },
        },
      );
      expect(opened.status).toBe(200);
      return new URL(opened.body.data.url).pathname;
    },

    /** The sandbox customer portal of the account, as its 'Gérer' button opens it. */
    async portal(token: string): Promise<string> {
      const opened = await call<{ data: { url: string } }>(
        server,
        'POST',
        '/api/stripe/customer-portal',
        { token, body: { returnUrl: RETURN_URL } },
      );
      expect(opened.status).toBe(200);
      return new URL(opened.body.data.url).pathname;
    },

    /** A page of the sandbox, as a browser gets it. */
    page(url: string) {
      return server.app.inject({ method: 'GET', url });
    },

    /** A form of the sandbox's pages, posted as a browser does. */
    postForm(url: string, fields: Record<string, string> = {}) {
      return server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    },

    /** The mails of one kind queued in the outbox, oldest first. */
    mails(kind: string) {
      return server.db.query<{ recipient: string; payload: Record<string, unknown> }>(
        'SELECT recipient, payload FROM outbox WHERE kind = $1 ORDER BY created_at, id',
        [kind],
      );
    },
  };
}
