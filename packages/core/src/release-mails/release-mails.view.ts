import type { SnapshotFrom } from 'xstate';
import type { releaseMailsMachine } from './release-mails.machine.ts';
import type { ReleaseMailsEvent } from './release-mails.types.ts';

export type ReleaseMailsSnapshot = SnapshotFrom<typeof releaseMailsMachine>;

export interface ReleaseMailsView {
  loading: boolean;
  loadError: string | null;
  /** The switch's position (the choice made, while the server stores it). */
  enabled: boolean;
  saving: boolean;
  saveError: string | null;
}

export function releaseMailsView(snapshot: ReleaseMailsSnapshot): ReleaseMailsView {
  const { enabled, loadError, saveError } = snapshot.context;
  return {
    loading: snapshot.matches('loading'),
    loadError,
    enabled,
    saving: snapshot.matches('saving'),
    saveError,
  };
}

export function releaseMailsCommands(send: (event: ReleaseMailsEvent) => void) {
  return {
    setReleaseMails: (enabled: boolean) => send({ type: 'releaseMails.set', enabled }),
    reloadPreferences: () => send({ type: 'releaseMails.reload' }),
  };
}
