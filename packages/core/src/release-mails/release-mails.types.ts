import type { components } from '../api/schema.gen.ts';

export type AccountPreferences = components['schemas']['Preferences'];

export interface ReleaseMailsContext {
  /** The preferences as last stored (the rollback's value). */
  stored: AccountPreferences | null;
  /** What the switch shows: the choice made, before the server confirms it. */
  enabled: boolean;
  loadError: string | null;
  saveError: string | null;
}

export type ReleaseMailsEvent =
  { type: 'releaseMails.set'; enabled: boolean } | { type: 'releaseMails.reload' };
