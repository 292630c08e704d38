import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createPortalClient } from '../../api/client.ts';
import { messages } from '../../domain/messages.ts';
import { createMemoryTokenStore } from '../../session/tokenStore.ts';
import type { JournalEvent } from '../customer/customer.types.ts';
import { SEARCH_DEBOUNCE_MS } from '../search/search.rules.ts';
import { selectAdminSearchView } from '../search/search.selectors.ts';
import { createJournalImplementations } from './journal.actors.ts';
import { journalMachine } from './journal.machine.ts';
import {
  addressOfJournalQuery,
  journalActor,
  journalQueryFromAddress,
  journalWhen,
} from './journal.rules.ts';

const reset = {
  _id: 'e1',
  at: '2026-03-01T08:00:00.000Z',
  type: 'password_reset_sent',
  actor: { kind: 'admin', id: 'a1', email: 'admin@theme-portal.test' },
  customer_id: 'c1',
  customer_email: 'demo@theme-portal.test',
  reason: 'Accès perdu',
} as JournalEvent;

function journal(answer: (url: URL) => Response) {
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
    createActor(journalMachine.provide(createJournalImplementations({ client })), {
      clock,
      input: { query: journalQueryFromAddress(search) },
    }).start();
  return { asked, clock, start };
}

describe('journalMachine over GET /api/admin/journal', () => {
  it('asks for the address’s search and page, newest first (no sort), and searches again after a pause', async () => {
    const { asked, clock, start } = journal(() =>
      Response.json({ events: [reset], total: 1, page: 1, per_page: 25 }),
    );
    const actor = start('?q=demo%40theme-portal.test&page=2&sort=at');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      q: 'demo@theme-portal.test',
      page: '2',
    });
    expect(selectAdminSearchView(actor.getSnapshot()).rows).toEqual([reset]);
    actor.send({ type: 'search.typed', q: 'password_reset_sent' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(Object.fromEntries(asked[1]!.searchParams)).toEqual({
      q: 'password_reset_sent',
      page: '1',
    });
    expect(addressOfJournalQuery(actor.getSnapshot().context.query)).toBe('?q=password_reset_sent');
  });

  it('a failure says so in French and keeps the query', async () => {
    const { start } = journal(() => Response.json({ message: 'panne' }, { status: 503 }));
    const actor = start('?q=demo');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectAdminSearchView(actor.getSnapshot()).error).toBe(messages.http[503]);
    expect(selectAdminSearchView(actor.getSnapshot()).query.q).toBe('demo');
  });

  it('says when, to the minute, in local time', () => {
    const at = new Date(2026, 2, 1, 9, 5);
    expect(journalWhen(at.toISOString())).toBe('1 mars 2026 à 09:05');
    expect(journalWhen('pas une date')).toBe('');
  });

  it('names who acted', () => {
    expect(journalActor(reset.actor)).toBe('Admin · admin@theme-portal.test');
    expect(journalActor({ kind: 'system', id: null, email: null })).toBe('Système');
  });
});
