export interface ThemeDownloadContext {
  filename: string | null;
  /** The popup's message when something went wrong. */
  error: string | null;
  /** The server refused it (403): no subscription gives access, the popup leads to the plans. */
  needsPlan: boolean;
}

export type ThemeDownloadEvent =
  | { type: 'theme.download'; filename: string }
  /** The popup's close button. */
  | { type: 'theme.dismiss' };

/** Hands a downloaded file to the user (a temporary link in the browser). */
export type SaveFile = (blob: Blob, filename: string) => void;
