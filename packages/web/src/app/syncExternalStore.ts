// What wouter and @xstate/react import as 'use-sync-external-store/shim' (vite.config.ts aliases
// it here): React 19 has the hook, and the shim's own code never runs on it, so the entry need not
// carry it (docs/performance.md, 'What the shared entry carries').
export { useSyncExternalStore } from 'react';
