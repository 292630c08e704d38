import { useEffect } from 'react';

// A file apart from `preloadable`, which every page's route carries in the first script.
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 1000);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(task);
  return () => window.cancelIdleCallback(handle);
}

/**
 * Runs the preloads once the screen is shown, one per idle period: each import adds its chunks'
 * links, and all at once made a long task (docs/performance.md, 'Tried and dropped'). Pass a
 * module-level list: a new list starts over.
 */
export function usePreloadWhenIdle(preloads: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    const queue = [...preloads];
    let stopped = false;
    let cancel = () => {};
    const next = () => {
      const preload = queue.shift();
      if (preload === undefined) return;
      preload().then(
        () => {
          if (!stopped) cancel = whenIdle(next);
        },
        // Offline: the code is fetched when it is rendered instead.
        () => undefined,
      );
    };
    cancel = whenIdle(next);
    return () => {
      stopped = true;
      cancel();
    };
  }, [preloads]);
}
