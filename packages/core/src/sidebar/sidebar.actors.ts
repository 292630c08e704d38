import type { ImplementationsOf } from '../machine-kit.ts';
import type { sidebarMachine } from './sidebar.machine.ts';
import { SIDEBAR_STORAGE_KEY, type SidebarStorage } from './sidebar.types.ts';

export interface SidebarDependencies {
  /** `localStorage` in the browser; written on desktop only. */
  storage: SidebarStorage;
}

/** What `sidebarMachine.provide(...)` needs: the remembered desktop state, read and written. */
export function createSidebarImplementations({
  storage,
}: SidebarDependencies): ImplementationsOf<typeof sidebarMachine> {
  return {
    actions: {
      rememberOpenState: (_, params) =>
        storage.setItem(SIDEBAR_STORAGE_KEY, JSON.stringify(params.open)),
    },
    guards: {
      // Nothing remembered (or something unreadable) means the default: expanded.
      wasCollapsed: () => storage.getItem(SIDEBAR_STORAGE_KEY) === 'false',
    },
  };
}
