/** docs/product.md#dashboard-sidebar: under this width the sidebar becomes an overlay. */
export const MOBILE_BREAKPOINT_PX = 900;
/** docs/product.md#dashboard-sidebar: a burst of resize events settles after this quiet time. */
export const RESIZE_DEBOUNCE_MS = 150;
/** docs/product.md#storage-keys: where the desktop open state is remembered. */
export const SIDEBAR_STORAGE_KEY = 'sidebar-state';

/** The part of `localStorage` the sidebar uses. */
export interface SidebarStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SidebarInput {
  /** The viewport width when the sidebar appears (`window.innerWidth` in the browser). */
  viewportWidth: number;
}

export interface SidebarContext {
  /** The settled width the layout follows. */
  viewportWidth: number;
  /** The latest reported width, applied once resizing pauses. */
  pendingWidth: number;
}

export type SidebarEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.open' }
  | { type: 'sidebar.close' }
  /**
   * A link of the sidebar was followed: the mobile overlay closes (it would cover the page); the
   * desktop sidebar stays as it is.
   */
  | { type: 'sidebar.chosen' }
  | { type: 'menu.toggle' }
  /** A click outside the user menu. */
  | { type: 'menu.close' }
  | { type: 'viewport.resize'; width: number }
  /** Raised by the machine itself once resizing has paused. */
  | { type: 'viewport.settled' };
