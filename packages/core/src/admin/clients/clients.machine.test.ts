import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createPortalClient } from '../../api/client.ts';
import { messages } from '../../domain/messages.ts';
import { createMemoryTokenStore } from '../../session/tokenStore.ts';
import { SEARCH_DEBOUNCE_MS } from '../search/search.rules.ts';
import { selectAdminSearchView } from '../search/search.selectors.ts';
import { createClientsImplementations } from './clients.actors.ts';
import { clientsMachine } from './clients.machine.ts';
import { addressOfClientsQuery, clientsQueryFromAddress, customerName } from './clients.rules.ts';
import type { AdminCustomerSummary } from './clients.types.ts';

const camille: AdminCustomerSummary = {
  _id: 'c1',
  kind: 'account',
  email: 'demo@theme-portal.test',
  first_name: 'Camille',
  last_name: 'Démo',
  company_name: 'Démo SARL',
  shop_domain: 'demo-boutique.myshopify.com',
  created_at: '2026-01-05T10:00:00.000Z',
  subscription: {
    plan_id: 'scale',
    plan_name: 'Scale',
    billing_cycle: 'monthly',
    status: 'active',
    mrr_cents: 4900,
  },
  licenses_used: 1,
};

/** The real client over a fetch that answers `answer(url)` and records every URL asked. */
function clients(answer: (url: URL) => Response | Promise<Response>) {
  const asked: URL[] = [];
  const client = createPortalClient({
    baseUrl: 'https://api.test',
    tokenStore: createMemoryTokenStore(),
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      asked.push(url);
      return answer(url);
    },
  });
  const clock = new SimulatedClock();
  const start = (search = '') =>
    createActor(clientsMachine.provide(createClientsImplementations({ client })), {
      clock,
      input: { query: clientsQueryFromAddress(search) },
    }).start();
  return { asked, clock, start };
}

const onePage = (rows: AdminCustomerSummary[], total = rows.length, page = 1) =>
  Response.json({ customers: rows, total, page, per_page: 25 });

describe('clientsMachine over GET /api/admin/customers', () => {
  it("asks for the address's query at once: search, page, sort and order", async () => {
    const { asked, start } = clients(() => onePage([camille], 60, 2));
    const actor = start('?q=demo-boutique&page=2&sort=email&order=asc');
    await waitFor(actor, (s) => s.matches('ready'));
    const query = Object.fromEntries(asked[0]!.searchParams);
    expect(asked[0]!.pathname).toBe('/api/admin/customers');
    expect(query).toEqual({ q: 'demo-boutique', page: '2', sort: 'email', order: 'asc' });
    const view = selectAdminSearchView(actor.getSnapshot());
    expect(view.rows).toEqual([camille]);
    expect(view.total).toBe(60);
    expect(view.page).toBe(2);
    expect(view.pageCount).toBe(3);
    expect(view.empty).toBe(false);
  });

  it('typing waits for a pause, then asks once for the last text, from its first page', async () => {
    const { asked, clock, start } = clients((url) =>
      onePage(url.searchParams.get('q') === 'demo' ? [camille] : []),
    );
    const actor = start('?page=3');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'search.typed', q: 'de' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', q: 'demo' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(1);
    expect(selectAdminSearchView(actor.getSnapshot()).busy).toBe(true);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toHaveLength(2);
    expect(Object.fromEntries(asked[1]!.searchParams)).toMatchObject({ q: 'demo', page: '1' });
    expect(selectAdminSearchView(actor.getSnapshot()).rows).toEqual([camille]);
    expect(addressOfClientsQuery(actor.getSnapshot().context.query)).toBe('?q=demo');
  });

  it('nothing found: the empty state; a blank search lists every customer (no q sent)', async () => {
    const { asked, clock, start } = clients((url) =>
      onePage(url.searchParams.has('q') ? [] : [camille]),
    );
    const actor = start('?q=personne');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectAdminSearchView(actor.getSnapshot()).empty).toBe(true);
    actor.send({ type: 'search.typed', q: '   ' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked[1]!.searchParams.has('q')).toBe(false);
    expect(selectAdminSearchView(actor.getSnapshot()).empty).toBe(false);
  });

  it('a search longer than 200 characters is refused in French, nothing asked, the text kept', async () => {
    const { asked, clock, start } = clients(() => onePage([camille]));
    const actor = start();
    await waitFor(actor, (s) => s.matches('ready'));
    const long = 'x'.repeat(201);
    actor.send({ type: 'search.typed', q: long });
    clock.increment(SEARCH_DEBOUNCE_MS);
    const view = selectAdminSearchView(actor.getSnapshot());
    expect(view.queryError).toBe(messages.admin.searchTooLong);
    expect(view.query.q).toBe(long);
    expect(asked).toHaveLength(1);
    // Sorting or paging asks nothing either while the search is refused.
    actor.send({ type: 'search.sorted', sort: 'email' });
    expect(asked).toHaveLength(1);
  });

  it('sorting: a new column ascending from page 1, the same column again descending', async () => {
    const { asked, start } = clients(() => onePage([camille]));
    const actor = start('?page=2');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'search.sorted', sort: 'shop_domain' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(Object.fromEntries(asked[1]!.searchParams)).toMatchObject({
      sort: 'shop_domain',
      order: 'asc',
      page: '1',
    });
    actor.send({ type: 'search.sorted', sort: 'shop_domain' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked[2]!.searchParams.get('order')).toBe('desc');
    actor.send({ type: 'search.paged', page: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked[3]!.searchParams.get('page')).toBe('2');
    expect(addressOfClientsQuery(actor.getSnapshot().context.query)).toBe(
      '?page=2&sort=shop_domain',
    );
  });

  it('a server failure: the French message, the last rows kept, a retry asks again', async () => {
    let fail = false;
    const { asked, start } = clients(() =>
      fail ? Response.json({ message: 'panne' }, { status: 500 }) : onePage([camille]),
    );
    const actor = start();
    await waitFor(actor, (s) => s.matches('ready'));
    fail = true;
    actor.send({ type: 'search.paged', page: 2 });
    await waitFor(actor, (s) => s.matches('failed'));
    const view = selectAdminSearchView(actor.getSnapshot());
    expect(view.error).toBe(messages.http[500]);
    expect(view.rows).toEqual([camille]);
    expect(view.empty).toBe(false);
    fail = false;
    actor.send({ type: 'search.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toHaveLength(3);
    expect(selectAdminSearchView(actor.getSnapshot()).error).toBeNull();
  });

  it('a refused query (400) shows the server’s words', async () => {
    const { start } = clients(() =>
      Response.json({ message: 'Recherche invalide' }, { status: 400 }),
    );
    const actor = start('?q=a');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectAdminSearchView(actor.getSnapshot()).error).toBe('Recherche invalide');
  });
});

describe('the Clients address', () => {
  it('reads defaults for anything unknown or malformed', () => {
    expect(clientsQueryFromAddress('?page=-4&sort=password&order=sideways')).toEqual({
      q: '',
      page: 1,
      sort: 'created_at',
      order: 'desc',
    });
    expect(addressOfClientsQuery(clientsQueryFromAddress(''))).toBe('');
  });

  it('names a customer, or nobody for a payment awaiting its account', () => {
    expect(customerName(camille)).toBe('Camille Démo');
    expect(customerName({ first_name: null, last_name: null })).toBe('');
  });
});
