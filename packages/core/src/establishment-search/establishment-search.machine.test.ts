import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { establishmentSearchMachine } from './establishment-search.machine.ts';
import { createEstablishmentSearchImplementations } from './establishment-search.actors.ts';
import {
  selectEstablishments,
  selectIsManualMode,
  selectIsSearching,
  selectSearchMessage,
  selectSelectedEstablishment,
} from './establishment-search.selectors.ts';
import type { Establishment } from './establishment-search.types.ts';

const place = (n: number): Establishment => ({
  id: `p${n}`,
  name: `Restaurant ${n}`,
  address: `${n} rue de Paris`,
  phone: null,
  types: ['restaurant'],
});

interface Call {
  query: string;
  signal: AbortSignal;
  resolve: (value: Establishment[]) => void;
  reject: (error: unknown) => void;
}

function start() {
  const clock = new SimulatedClock();
  const calls: Call[] = [];
  const actor = createActor(
    establishmentSearchMachine.provide({
      actors: {
        searchEstablishments: fromPromise(
          ({ input, signal }) =>
            new Promise((resolve, reject) =>
              calls.push({ query: input.query, signal, resolve, reject }),
            ),
        ),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, calls };
}

describe('establishment search', () => {
  test('nothing is searched under 3 characters', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'ab' });
    clock.increment(1000);
    expect(calls).toEqual([]);
    expect(selectIsSearching(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'search.input', query: ' ab ' });
    clock.increment(1000);
    expect(calls).toEqual([]);
  });

  test('searches 300 ms after the last keystroke', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bis' });
    expect(selectIsSearching(actor.getSnapshot())).toBe(true);
    clock.increment(200);
    actor.send({ type: 'search.input', query: 'bist' });
    clock.increment(299);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(calls.map((c) => c.query)).toEqual(['bist']);
  });

  test('shows the first 5 results', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    calls[0]?.resolve([1, 2, 3, 4, 5, 6, 7].map(place));
    await waitFor(actor, (s) => !selectIsSearching(s));
    expect(selectEstablishments(actor.getSnapshot()).map((e) => e.id)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
    ]);
    expect(selectSearchMessage(actor.getSnapshot())).toBeNull();
  });

  test("no result: 'Aucun établissement trouvé'", async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'zzz' });
    clock.increment(300);
    calls[0]?.resolve([]);
    await waitFor(actor, (s) => !selectIsSearching(s));
    expect(selectSearchMessage(actor.getSnapshot())).toBe('Aucun établissement trouvé');
  });

  test("a failure: 'Erreur de connexion'", async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    calls[0]?.reject(new ApiError({ kind: 'http', status: 500 }));
    await waitFor(actor, (s) => !selectIsSearching(s));
    expect(selectSearchMessage(actor.getSnapshot())).toBe('Erreur de connexion');
    expect(selectIsManualMode(actor.getSnapshot())).toBe(false);
  });

  test('REQUEST_DENIED switches to manual mode for good', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    calls[0]?.reject(
      new ApiError({
        kind: 'http',
        status: 503,
        data: { error: 'REQUEST_DENIED', message: 'non configuré' },
      }),
    );
    await waitFor(actor, selectIsManualMode);
    expect(selectSearchMessage(actor.getSnapshot())).toBe('API Google Places non configurée...');
    actor.send({ type: 'search.input', query: 'autre chose' });
    clock.increment(1000);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'search.input', query: 'abc' })).toBe(false);
  });

  test('a newer query cancels the older search and drops its answer', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    actor.send({ type: 'search.input', query: 'brasserie' });
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve([place(1)]);
    await Promise.resolve();
    expect(selectEstablishments(actor.getSnapshot())).toEqual([]);
    clock.increment(300);
    calls[1]?.resolve([place(2)]);
    await waitFor(actor, (s) => !selectIsSearching(s));
    expect(calls.map((c) => c.query)).toEqual(['bistrot', 'brasserie']);
    expect(selectEstablishments(actor.getSnapshot())).toEqual([place(2)]);
  });

  test('shortening the query under 3 characters cancels and clears', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    calls[0]?.resolve([place(1)]);
    await waitFor(actor, (s) => !selectIsSearching(s));
    actor.send({ type: 'search.input', query: 'bi' });
    expect(selectEstablishments(actor.getSnapshot())).toEqual([]);
    expect(selectSearchMessage(actor.getSnapshot())).toBeNull();
  });

  test('select keeps the establishment and closes the list; clear resets', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'search.input', query: 'bistrot' });
    clock.increment(300);
    calls[0]?.resolve([place(1), place(2)]);
    await waitFor(actor, (s) => !selectIsSearching(s));
    actor.send({ type: 'search.select', establishment: place(2) });
    expect(selectSelectedEstablishment(actor.getSnapshot())).toEqual(place(2));
    expect(selectEstablishments(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().context).toEqual({
      query: '',
      results: [],
      message: null,
      selected: null,
    });
  });
});

describe('establishment search implementations', () => {
  test('GET /api/google-places/search?query=', async () => {
    const GET = vi.fn().mockResolvedValue({ data: { establishments: [place(1)] } });
    const client = { api: { GET } } as unknown as PortalClient;
    const clock = new SimulatedClock();
    const actor = createActor(
      establishmentSearchMachine.provide(createEstablishmentSearchImplementations({ client })),
      { clock },
    ).start();
    actor.send({ type: 'search.input', query: ' bistrot ' });
    clock.increment(300);
    await waitFor(actor, (s) => !selectIsSearching(s));
    expect(GET).toHaveBeenCalledWith(
      '/api/google-places/search',
      expect.objectContaining({ params: { query: { query: 'bistrot' } } }),
    );
    expect(selectEstablishments(actor.getSnapshot())).toEqual([place(1)]);
  });
});
