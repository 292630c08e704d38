import type { InspectionEvent } from 'xstate';

/** What every actor of the app is handed, so the Stately inspector sees the whole app. */
export type Inspect = (event: InspectionEvent) => void;

/** Asked for with `?inspect` in the address or `localStorage.portal_inspect = '1'`. */
function inspectorRequested(): boolean {
  if (new URLSearchParams(window.location.search).has('inspect')) return true;
  try {
    return window.localStorage.getItem('portal_inspect') === '1';
  } catch {
    return false; // storage blocked: only the address can ask
  }
}

/**
 * The Stately inspector's observer in development when asked for, otherwise undefined. The
 * inspector is imported dynamically inside the `DEV` branch so production bundles never hold it;
 * the app's actors start before it loads, so their events wait in order and are replayed.
 */
export function createDevInspect(): Inspect | undefined {
  if (import.meta.env.DEV && inspectorRequested()) {
    let forward: Inspect | null = null;
    const pending: InspectionEvent[] = [];
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const { inspect } = createBrowserInspector();
      forward = (event) => inspect.next?.(event);
      for (const event of pending.splice(0)) forward(event);
    });
    return (event) => {
      if (forward) forward(event);
      else pending.push(event);
    };
  }
  return undefined;
}
