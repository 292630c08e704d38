import { useEffect, useRef, type RefObject } from 'react';

/**
 * When a dialog closes and its trigger is gone (a deleted row, 'Passer à ce plan' become 'Formule
 * actuelle', 'Résilier' become 'Reprendre'), focus goes to `target` (a heading with
 * `tabIndex={-1}`) instead of being lost to the page's body. Two frames later: the dialog's own
 * focus restoration goes first.
 */
export function useFocusAfterClose(open: boolean, target: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) target.current?.focus();
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, target]);
}
