import type { components } from '../api/schema.gen.ts';

/** What `mergeThemeUpdate` answers: the merged archive's id and what needs the merchant's eye. */
export type ThemeUpdateReport = components['schemas']['ThemeUpdate'];

/** The archive the merchant chose: its bytes and its name, kept through a refusal. */
export interface ChosenArchive {
  blob: Blob;
  name: string;
}

export interface ThemeUpdateContext {
  archive: ChosenArchive | null;
  report: ThemeUpdateReport | null;
  /** The upload's refusal (the server's French message), or the merged download's failure. */
  error: string | null;
  /** The merged archive's download started (its popup). */
  downloaded: boolean;
}

export type ThemeUpdateEvent =
  | { type: 'update.choose'; archive: ChosenArchive }
  /** Stops the upload under way; the chosen file is kept. */
  | { type: 'update.cancel' }
  /** Sends the chosen file again after a refusal or a cancel. */
  | { type: 'update.retry' }
  | { type: 'update.download' }
  /** Back to the start: another archive. */
  | { type: 'update.reset' };
