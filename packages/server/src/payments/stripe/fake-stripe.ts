import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the Stripe API (tests only; no network exists here): the few endpoints
 * the Stripe provider calls, in Stripe's wire format, listening on 127.0.0.1 on a free port.
 * It records every request so tests can check what the SDK sent.
 */

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

type Json = Record<string, unknown>;

interface FakePrice {
  id: string;
  lookup_key: string;
  unit_amount: number;
  interval: 'month' | 'year';
}

const catalogue: FakePrice[] = [
  ['basic', 'month', 1999],
  ['basic', 'year', 20389],
  ['scale', 'month', 3999],
  ['scale', 'year', 40789],
  ['business', 'month', 7999],
  ['business', 'year', 81589],
].map(([plan, interval, amount]) => ({
  id: `price_1Fake${String(plan)}${String(interval)}`,
  lookup_key: `price_${String(plan)}_${interval === 'month' ? 'monthly' : 'yearly'}`,
  unit_amount: Number(amount),
  interval: interval as 'month' | 'year',
}));

function priceJson(price: FakePrice): Json {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: 'eur',
    lookup_key: price.lookup_key,
    product: `prod_${price.lookup_key.split('_')[1] ?? ''}`,
    recurring: { interval: price.interval, interval_count: 1 },
    type: 'recurring',
    unit_amount: price.unit_amount,
  };
}

function list(url: string, data: Json[]): Json {
  return { object: 'list', data, has_more: false, url };
}

async function readParams(request: IncomingMessage, query: URLSearchParams) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const params: Record<string, string> = Object.fromEntries(query);
  for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    params[key] = value;
  }
  return params;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: FakeRequest[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Invoices by id (tests add them as Stripe would bill a renewal). */
  invoices: Map<string, Json>;
  /** What Stripe does when the buyer pays on its hosted page. */
  completeSession(id: string, email: string): { customer: string; subscription: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_fake${(sequence += 1)}`;

  function subscriptionFor(id: string, customer: string, price: FakePrice, metadata: Json): Json {
    return {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata,
      items: list(`/v1/subscription_items?subscription=${id}`, [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: priceJson(price),
          current_period_end: 1_900_000_000,
        },
      ]),
    };
  }

  function route(method: string, path: string, params: Record<string, string>): [number, Json] {
    const missing: [number, Json] = [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such object',
        },
      },
    ];
    const segments = path.split('/').filter((part) => part !== '');
    const [, resource, id, sub] = segments;

    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.entries(params)
        .filter(([key]) => key.startsWith('lookup_keys['))
        .map(([, value]) => value);
      const found = catalogue.filter((p) => keys.length === 0 || keys.includes(p.lookup_key));
      return [200, list('/v1/prices', found.map(priceJson))];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const price = catalogue.find((p) => p.id === params['line_items[0][price]']);
      if (price === undefined) return missing;
      const sessionId = next('cs_test');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        amount_total: price.unit_amount,
        currency: 'eur',
        status: 'open',
        payment_status: 'unpaid',
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        customer: params.customer ?? null,
        subscription: null,
        customer_email: params.customer_email ?? null,
        customer_details: null,
        metadata: {
          plan_id: params['metadata[plan_id]'],
          price_id: params['metadata[price_id]'],
          billingCycle: params['metadata[billingCycle]'],
        },
        line_price: price.id,
      };
      sessions.set(sessionId, session);
      return [200, session];
    }
    if (method === 'GET' && resource === 'checkout' && id === 'sessions' && sub !== undefined) {
      const session = sessions.get(sub);
      return session === undefined ? missing : [200, session];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer ?? '')) return missing;
      return [
        200,
        {
          id: next('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/${next('live')}`,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: next('cus'),
        object: 'customer',
        email: params.email,
        name: params.name ?? null,
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'GET' && resource === 'customers' && id !== undefined) {
      const customer = customers.get(id);
      return customer === undefined ? missing : [200, customer];
    }
    if (resource === 'subscriptions') {
      if (method === 'GET' && id === undefined) {
        const found = [...subscriptions.values()].filter((s) => s.customer === params.customer);
        return [200, list('/v1/subscriptions', found.reverse())];
      }
      const subscription = id === undefined ? undefined : subscriptions.get(id);
      if (subscription === undefined) return missing;
      if (method === 'GET') return [200, subscription];
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return [200, subscription];
      }
      if (method === 'POST') {
        let updated = subscription;
        if (params['items[0][price]'] !== undefined) {
          const price = catalogue.find((p) => p.id === params['items[0][price]']);
          if (price === undefined) return missing;
          updated = {
            ...subscriptionFor(String(subscription.id), String(subscription.customer), price, {}),
            status: subscription.status,
            cancel_at_period_end: subscription.cancel_at_period_end,
          };
        }
        if (params.cancel_at_period_end !== undefined) {
          updated = { ...updated, cancel_at_period_end: params.cancel_at_period_end === 'true' };
        }
        subscriptions.set(String(subscription.id), updated);
        return [200, updated];
      }
    }
    if (method === 'GET' && resource === 'invoices' && id !== undefined) {
      const invoice = invoices.get(id);
      return invoice === undefined ? missing : [200, invoice];
    }
    return missing;
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    void readParams(request, url.searchParams).then((params) => {
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, params });
      const [status, body] = route(method, url.pathname, params);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    requests,
    sessions,
    subscriptions,
    invoices,
    completeSession(id, email) {
      const session = sessions.get(id);
      const price = catalogue.find((p) => p.id === session?.line_price);
      if (session === undefined || price === undefined) throw new Error(`No fake session ${id}`);
      // A session opened for a customer bills it; otherwise Stripe creates one.
      const given =
        typeof session.customer === 'string' ? customers.get(session.customer) : undefined;
      const customer = given ?? { id: next('cus'), object: 'customer', email, name: null };
      const customerId = String(customer.id);
      customers.set(customerId, customer);
      const subscriptionId = next('sub');
      subscriptions.set(
        subscriptionId,
        subscriptionFor(subscriptionId, customerId, price, session.metadata as Json),
      );
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customerId,
        subscription: subscriptionId,
        customer_details: { email },
      });
      return { customer: customerId, subscription: subscriptionId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
