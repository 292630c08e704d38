/** How long an announcement stays in the live region (as react-aria's own announcer). */
const keepMs = 7000;

let region: HTMLElement | null = null;

/**
 * The page's one assertive live region, visually hidden, created before anything is announced in
 * it (some screen readers ignore a region that appears with its first message).
 */
export function prepareAnnouncer(): void {
  if (region?.isConnected) return;
  region = document.createElement('div');
  region.setAttribute('role', 'log');
  region.setAttribute('aria-live', 'assertive');
  region.setAttribute('aria-relevant', 'additions');
  region.className = 'visually-hidden';
  region.dataset.announcer = 'true';
  document.body.append(region);
}

/**
 * Announces `text` as a name of its own: unlike a reference to an element (react-aria announces
 * a pending button by its id), it keeps its meaning once that element is gone (see
 * docs/decisions.md, 'Pending buttons'). A named image rather than text, so the words are not
 * found twice on the page (the button still shows them).
 */
export function announce(text: string): void {
  if (text === '') return;
  prepareAnnouncer();
  const message = document.createElement('div');
  message.setAttribute('role', 'img');
  message.setAttribute('aria-label', text);
  region?.append(message);
  setTimeout(() => message.remove(), keepMs);
}
