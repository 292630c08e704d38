import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable.ts';

function Page() {
  return <h1>Mes licences</h1>;
}

/** A chunk whose fetch the test settles by hand, counting the fetches. */
function chunk() {
  const fetches: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<{ default: typeof Page }>((resolve, reject) => {
      fetches.push({ resolve: () => resolve({ default: Page }), reject });
    });
  return { load, fetches };
}

const fallback = <p>Chargement…</p>;

describe('preloadable: a lazy screen fetched ahead (docs/performance.md, “The dashboard’s frame”)', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const { load, fetches } = chunk();
    const Lazy = preloadable(load);
    const loaded = Lazy.preload();
    fetches[0]?.resolve();
    await expect(loaded).resolves.toBe(Page);
    render(<Suspense fallback={fallback}>{<Lazy />}</Suspense>);
    // Synchronously: no fallback was ever committed, so React has no reveal to hold back.
    expect(screen.getByRole('heading', { name: 'Mes licences' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(fetches).toHaveLength(1);
  });

  it('not preloaded, shows its fallback and fetches once for render and preload alike', async () => {
    const { load, fetches } = chunk();
    const Lazy = preloadable(load);
    render(<Suspense fallback={fallback}>{<Lazy />}</Suspense>);
    expect(screen.getByText('Chargement…')).toBeTruthy();
    void Lazy.preload();
    expect(fetches).toHaveLength(1);
    await act(async () => fetches[0]?.resolve());
    expect(await screen.findByRole('heading', { name: 'Mes licences' })).toBeTruthy();
  });

  it('tries a failed fetch (offline) again on the next preload', async () => {
    const { load, fetches } = chunk();
    const Lazy = preloadable(load);
    const first = Lazy.preload();
    fetches[0]?.reject(new Error('hors ligne'));
    await expect(first).rejects.toThrow('hors ligne');
    const second = Lazy.preload();
    expect(fetches).toHaveLength(2);
    fetches[1]?.resolve();
    await expect(second).resolves.toBe(Page);
  });
});
