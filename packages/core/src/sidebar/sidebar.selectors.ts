import type { SnapshotFrom } from 'xstate';
import type { sidebarMachine } from './sidebar.machine.ts';

export type SidebarSnapshot = SnapshotFrom<typeof sidebarMachine>;

export const selectIsMobile = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ layout: 'mobile' });

/** Expanded on desktop, or the overlay shown on mobile. */
export const selectIsSidebarOpen = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ layout: { desktop: 'expanded' } }) ||
  snapshot.matches({ layout: { mobile: 'open' } });

export const selectIsCollapsed = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ layout: { desktop: 'collapsed' } });

/** The dimmed backdrop behind the mobile overlay. */
export const selectIsOverlayVisible = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ layout: { mobile: 'open' } });

export const selectIsMenuOpen = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ menu: 'open' });
