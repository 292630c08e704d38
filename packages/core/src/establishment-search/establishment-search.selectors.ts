import type { SnapshotFrom } from 'xstate';
import type { establishmentSearchMachine } from './establishment-search.machine.ts';

type Snapshot = SnapshotFrom<typeof establishmentSearchMachine>;

export const selectEstablishments = (snapshot: Snapshot) => snapshot.context.results;

/** What the visitor has typed in the search field. */
export const selectSearchQuery = (snapshot: Snapshot) => snapshot.context.query;

export const selectSearchMessage = (snapshot: Snapshot) => snapshot.context.message;

export const selectIsSearching = (snapshot: Snapshot) =>
  snapshot.matches({ active: 'debouncing' }) || snapshot.matches({ active: 'searching' });

/** The places service is not configured: the search field is replaced by manual entry. */
export const selectIsManualMode = (snapshot: Snapshot) => snapshot.matches('manual');

export const selectSelectedEstablishment = (snapshot: Snapshot) => snapshot.context.selected;
