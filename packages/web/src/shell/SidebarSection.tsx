import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Where the shell's sidebar takes a page's own navigation (null outside a shell). */
export const SidebarSlotContext = createContext<HTMLElement | null>(null);

/**
 * A page's part of the frame's sidebar (see docs/decisions.md, 'One frame'): rendered into the
 * shell's sidebar below the main navigation, so the page adds no sidebar or toggle of its own.
 */
export function SidebarSection({ children }: { children: ReactNode }) {
  const slot = useContext(SidebarSlotContext);
  return slot === null ? null : createPortal(children, slot);
}
