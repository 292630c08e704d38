import { describe, expect, test } from 'vitest';
import { act, screen } from '@testing-library/react';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { renderPage } from '../testing/render.tsx';
import { createViewFlow, sharedWith } from './flowView.ts';

describe('sharedWith: the view model kept part by part', () => {
  test('equal content keeps the previous object; a changed part alone is new', () => {
    const previous = { list: { items: [{ id: 'a' }, { id: 'b' }] }, modal: 'closed' };
    expect(sharedWith(previous, structuredClone(previous))).toBe(previous);
    const next = sharedWith(previous, { ...structuredClone(previous), modal: 'create' });
    expect(next).not.toBe(previous);
    expect(next.modal).toBe('create');
    expect(next.list).toBe(previous.list);
    const grown = sharedWith(previous, {
      list: { items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
      modal: 'closed',
    });
    expect(grown.list).not.toBe(previous.list);
    expect(grown.list.items[0]).toBe(previous.list.items[0]);
  });

  test('a key gone or an array become an object is a change', () => {
    const previous: Record<string, unknown> = { a: 1, b: 2 };
    expect(sharedWith(previous, { a: 1 })).not.toBe(previous);
    expect(sharedWith([1], { 0: 1 })).toEqual({ 0: 1 });
  });
});

// A counter whose view shows only whether it is even: most events change nothing it shows.
const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'add' } },
}).createMachine({
  context: { count: 0 },
  on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});
const evenView = (snapshot: SnapshotFrom<typeof counter>) => ({
  parity: { even: snapshot.context.count % 2 === 0 },
});
const counterFlow = createViewFlow({
  machine: counter,
  implement: () => ({}),
  commands: (send) => ({ add: () => send({ type: 'add' }) }),
  view: evenView,
});

describe('useView: one object, re-rendered only when what it shows changes', () => {
  test('the same object while its content is equal; the commands never change', () => {
    const seen: ReturnType<typeof counterFlow.useView>[] = [];
    function Parity() {
      const view = counterFlow.useView();
      seen.push(view);
      return <p>{view.parity.even ? 'pair' : 'impair'}</p>;
    }
    renderPage(
      <counterFlow.Provider>
        <Parity />
      </counterFlow.Provider>,
    );
    expect(screen.getByText('pair')).toBeTruthy();
    const renders = seen.length;
    act(() => seen[0]?.add());
    expect(screen.getByText('impair')).toBeTruthy();
    expect(seen.length).toBeGreaterThan(renders);
    const afterOdd = seen.length;
    act(() => seen.at(-1)?.add());
    act(() => seen.at(-1)?.add());
    // Even, odd again: each a change of what it shows; the commands are the first ones.
    expect(screen.getByText('impair')).toBeTruthy();
    expect(seen.length).toBeGreaterThan(afterOdd);
    expect(seen.at(-1)?.add).toBe(seen[0]?.add);
  });

  test('an event that changes nothing it shows renders nothing', () => {
    let renders = 0;
    const onlyCount = createViewFlow({
      machine: counter,
      implement: () => ({}),
      commands: (send) => ({ add: () => send({ type: 'add' }) }),
      view: () => ({ title: 'Compteur' }),
    });
    let add: () => void = () => {};
    function Title() {
      const view = onlyCount.useView();
      renders += 1;
      add = view.add;
      return <h1>{view.title}</h1>;
    }
    renderPage(
      <onlyCount.Provider>
        <Title />
      </onlyCount.Provider>,
    );
    const before = renders;
    act(() => add());
    act(() => add());
    expect(renders).toBe(before);
  });
});
