import { createSidebarImplementations, sidebarMachine } from '@portal/core';
import { createFlow } from '../app/flow.tsx';

/**
 * The frame's sidebar (see docs/decisions.md, 'One frame'): expanded, collapsed or a mobile
 * overlay, remembered on desktop, and the user menu of the page's section. The shell provides it;
 * a page's section inside the sidebar reads and closes it too.
 */
export const sidebarFlow = createFlow({
  machine: sidebarMachine,
  implement: ({ storage }) => createSidebarImplementations({ storage }),
  commands: (send) => ({
    toggle: () => send({ type: 'sidebar.toggle' }),
    close: () => send({ type: 'sidebar.close' }),
    /** After a link of the sidebar: the mobile overlay closes. */
    chosen: () => send({ type: 'sidebar.chosen' }),
    setMenuOpen: (open: boolean) => send({ type: open ? 'menu.toggle' : 'menu.close' }),
    resize: (width: number) => send({ type: 'viewport.resize', width }),
  }),
});

export const SidebarProvider = sidebarFlow.Provider;
export const useSidebarSelector = sidebarFlow.useSelector;
export const useSidebarEvents = sidebarFlow.useEvents;
