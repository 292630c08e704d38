/**
 * The bench times the dashboard to the licence list first shown with data, or its empty state
 * (docs/performance.md, 'Method'): by the served frame (frameList.ts) or else by the app's panel.
 * Apart from both, so that neither brings the other's code.
 */
export function markLicencesVisible(): void {
  if (performance.getEntriesByName('licences-visible').length === 0)
    performance.mark('licences-visible');
}
