import type { SnapshotFrom } from 'xstate';
import type { themeDownloadMachine } from './theme-download.machine.ts';

export type ThemeDownloadSnapshot = SnapshotFrom<typeof themeDownloadMachine>;

export type ThemeDownloadStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * docs/product.md#themes-tab: pending, success or error (idle before the first click or after
 * closing the popup).
 */
export const selectDownloadStatus = (snapshot: ThemeDownloadSnapshot): ThemeDownloadStatus =>
  snapshot.value;

export const selectDownloadError = (snapshot: ThemeDownloadSnapshot): string | null =>
  snapshot.context.error;

export const selectIsDownloading = (snapshot: ThemeDownloadSnapshot): boolean =>
  snapshot.matches('pending');

/** The refusal came from the subscription (403): the popup offers the plans. */
export const selectDownloadNeedsPlan = (snapshot: ThemeDownloadSnapshot): boolean =>
  snapshot.matches('error') && snapshot.context.needsPlan;
