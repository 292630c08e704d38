import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component
type AnyComponent = ComponentType<any>;

/** A `React.lazy` component that can be fetched ahead of its first render. */
export type Preloadable<C extends AnyComponent> = LazyExoticComponent<C> & {
  /** Fetches the component's chunk; a failed fetch (offline) is tried again by the next call. */
  preload: () => Promise<C>;
  /** Whether its chunk is here: it then renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * `React.lazy` with a `preload`. Once fetched, the component renders at once: the lazy component is
 * handed a thenable that resolves on the spot, so it does not suspend. A suspension shows its
 * boundary's fallback, and React then holds back what replaces a fallback until 300 ms after it
 * showed (its throttle of Suspense reveals): a screen whose chunks are fetched ahead is not
 * delayed by it (docs/performance.md, 'The dashboard's frame').
 */
export function preloadable<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
): Preloadable<C> {
  let loaded: C | null = null;
  let loading: Promise<C> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    const component = loaded;
    if (component === null) return preload().then((value) => ({ default: value }));
    return {
      then: (resolve: (module: { default: C }) => void) => resolve({ default: component }),
    } as Promise<{ default: C }>;
  });
  return Object.assign(Component, { preload, isLoaded: () => loaded !== null });
}
