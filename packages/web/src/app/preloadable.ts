import { lazy, useEffect, type ComponentType } from 'react';

/**
 * A component in a chunk of its own that can be fetched ahead (`preload`) and then renders at
 * once: the lazy component is handed a thenable that resolves on the spot, so it never shows its
 * Suspense fallback after a preload (docs/performance.md, 'The signup route').
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    // A failed fetch (offline) is tried again when the component is rendered.
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    const component = loaded;
    if (component === null) return preload().then((fetched) => ({ default: fetched }));
    return {
      then: (resolve: (module: { default: ComponentType<Props> }) => void) =>
        resolve({ default: component }),
    } as Promise<{ default: ComponentType<Props> }>;
  });
  return { Component, preload };
}

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
