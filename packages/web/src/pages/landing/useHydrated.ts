import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False in the prerender and in the first render of a hydration, true in every other render: what
 * the address or the session adds to the prerendered landing (which knows neither) shows once the
 * page is hydrated, so that first render equals the HTML (else React logs its hydration error 418
 * and renders the page again); React renders again with `true` right after hydrating. Beside the
 * landing, its only user, so the shared entry does not carry it (docs/performance.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
