/**
 * What the frame's drawing of the licences tab (licencesTab.ts) tells the app and the bench. Apart
 * from both, so that neither brings the other's code.
 */

const drawnAttribute = 'data-drawn';

/**
 * The bench times the dashboard to the licence list first shown with data, or its empty state
 * (docs/performance.md, 'Method'): by the served frame or else by the app's panel.
 */
export function markLicencesVisible(): void {
  if (performance.getEntriesByName('licences-visible').length === 0)
    performance.mark('licences-visible');
}

/** The frame's script drew the tab into `frame`. */
export function markFrameDrawn(frame: Element): void {
  frame.setAttribute(drawnAttribute, '');
  markLicencesVisible();
}

/** The served frame is still on screen and shows the customer's licences tab. */
export function frameShowsLicences(): boolean {
  return document.querySelector(`[${drawnAttribute}]`) !== null;
}
