import { useEffect } from 'react';

// A file apart from `preloadable`, which every page's route carries in the first script.
function whenIdle(task: () => void, withinMs: number | undefined): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, withinMs ?? 1000);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(
    task,
    withinMs === undefined ? undefined : { timeout: withinMs },
  );
  return () => window.cancelIdleCallback(handle);
}

/**
 * Runs the preloads once the screen is shown, one per idle period: each import adds its chunks'
 * links, and all at once made a long task (docs/performance.md, 'Tried and dropped'). Pass a
 * module-level list: a new list starts over. `withinMs`: each comes that soon at the latest, for
 * code a visitor is about to need (the browser may find no idle period while a page starts).
 */
export function usePreloadWhenIdle(
  preloads: readonly (() => Promise<unknown>)[],
  withinMs?: number,
) {
  useEffect(() => {
    const queue = [...preloads];
    let stopped = false;
    let cancel = () => {};
    const next = () => {
      const preload = queue.shift();
      if (preload === undefined) return;
      preload().then(
        () => {
          if (!stopped) cancel = whenIdle(next, withinMs);
        },
        // Offline: the code is fetched when it is rendered instead.
        () => undefined,
      );
    };
    cancel = whenIdle(next, withinMs);
    return () => {
      stopped = true;
      cancel();
    };
  }, [preloads, withinMs]);
}
