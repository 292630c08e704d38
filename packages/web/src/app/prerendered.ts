import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * What a visitor did on a prerendered page before React took it over (docs/architecture.md,
 * "Prerendered pages"): the one place that adopts it. Typed text and a flipped switch are in the
 * DOM only; clicks on buttons are kept by the page's inline loader (scripts/prerender.mjs) until
 * `window.portalEarlyClicks` is called, since React does not replay a click that lands while the
 * page's lazy chunk is still loading.
 */
declare global {
  interface Window {
    /** Ends the recording, handing each kept click (and a press still in progress) to `play`. */
    portalEarlyClicks?: (play: (button: HTMLButtonElement) => void) => void;
  }
}

/** Whether the first render hydrates prerendered HTML (set by main.tsx before hydrating). */
let hydrating = false;

/** main.tsx: this tab keeps the prerendered HTML and hydrates it. */
export function startHydration(): void {
  hydrating = true;
}

/**
 * What is on screen came from the prerendered page (or this render is the prerender itself), so
 * the values it shows are already final and its stylesheet animates them: nothing is animated
 * again by a flow (the hero's statistics and words).
 */
export function showsPrerenderedValues(): boolean {
  return typeof window === 'undefined' || hydrating;
}

/** Ends the recording; each click kept (or still coming, for a press in progress) goes to `play`. */
function endEarlyClicks(play: (button: HTMLButtonElement) => void): void {
  if (typeof window === 'undefined') return;
  window.portalEarlyClicks?.(play);
  delete window.portalEarlyClicks;
}

/** The prerendered HTML is not hydrated but replaced (a stored session): its clicks mean nothing. */
export function discardEarlyClicks(): void {
  endEarlyClicks(() => {});
}

/**
 * A page adopts what the visitor did before hydration: `adopt` reads the DOM (typed text, a
 * switch) in the layout phase, before React writes its own state over it; once that state is
 * rendered, the kept clicks are played again on their buttons (a submit, a plan chosen).
 */
export function useAdoptPrerendered(adopt: () => void): void {
  const [adopted, setAdopted] = useState(false);
  useLayoutEffect(() => {
    adopt();
    setAdopted(true);
    // Only at mount: afterwards the inputs follow React's state.
  }, []);
  useEffect(() => {
    if (!adopted) return;
    endEarlyClicks((button) => {
      if (button.isConnected) button.click();
    });
    hydrating = false;
  }, [adopted]);
}

/** The frame a page is served with while the app loads (scripts/prerender.mjs: /dashboard). */
export const frameId = 'app-frame';

/** The page was served with a frame the app has not replaced yet. */
export function servedWithFrame(): boolean {
  return document.getElementById(frameId) !== null;
}

let holds = 0;
let heldTakeOver: (() => void) | undefined;

/**
 * A part of the first screen whose data the served frame already shows (the dashboard's, drawn by
 * the frame's own script) holds the takeover until it shows its own, calling the function
 * returned, also when it unmounts: replaced at once, the frame's data would give way to the app's
 * loading state.
 */
export function holdFrame(): () => void {
  holds += 1;
  let held = true;
  return () => {
    if (held && (holds -= 1) === 0) heldTakeOver?.();
    held = false;
  };
}

/**
 * The app's first screen replaces the served frame (docs/performance.md, 'The dashboard's frame'):
 * until then the app renders into the hidden `#root` behind it, so its loading states never show
 * and the frame is swapped for the screen in one paint, once no part of the screen holds it
 * (`holdFrame`). Whether there was a frame to replace; `replaced` runs once it is replaced.
 */
export function takeOverFrame(replaced: () => void): boolean {
  const frame = document.getElementById(frameId);
  if (frame === null) return false;
  heldTakeOver = () => {
    frame.remove();
    document.getElementById('root')?.removeAttribute('hidden');
    replaced();
  };
  if (holds === 0) heldTakeOver();
  return true;
}
