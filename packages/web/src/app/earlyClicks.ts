/**
 * Clicks on the prerendered page's buttons before React owns them (issue 7): the page's inline
 * loader (scripts/prerender.mjs) keeps them until `window.portalEarlyClicks` is called. React does
 * not replay a click that lands while the page's lazy chunk is still loading, so the loader keeps
 * recording until the landing page is hydrated, and its clicks are then played again.
 */
declare global {
  interface Window {
    portalEarlyClicks?: () => HTMLButtonElement[];
  }
}

/** Ends the recording; the clicks kept so far. */
function takeEarlyClicks(): HTMLButtonElement[] {
  const clicked = window.portalEarlyClicks?.() ?? [];
  delete window.portalEarlyClicks;
  return clicked;
}

/** Called once the prerendered page is hydrated: each kept click, on its button if still there. */
export function replayEarlyClicks(): void {
  for (const button of takeEarlyClicks()) if (button.isConnected) button.click();
}

/** The prerendered HTML is not hydrated but replaced (a stored session): its clicks mean nothing. */
export function discardEarlyClicks(): void {
  takeEarlyClicks();
}
