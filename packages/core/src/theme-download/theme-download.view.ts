import { messages } from '../domain/messages.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';
import {
  selectDownloadError,
  selectDownloadNeedsPlan,
  selectDownloadStatus,
  selectIsDownloading,
  type ThemeDownloadSnapshot,
} from './theme-download.selectors.ts';
import type { ThemeDownloadEvent } from './theme-download.types.ts';

/** 'Thèmes disponibles' as the tab shows it (docs/product.md#themes-tab). */
export interface ThemeDownloadView {
  /** 'Télécharger le thème'. */
  button: ActionButton;
  /** The archive last asked for: the tab shows its button pending and its popup beside it. */
  filename: string | null;
  /** The popup with its close button: the download started, or why it failed. */
  popup:
    | { tone: 'success'; message: string }
    /** `choosePlan`: the refusal came from the subscription, the popup leads to the plans. */
    | { tone: 'error'; message: string; choosePlan: boolean }
    | null;
}

export function themeDownloadView(snapshot: ThemeDownloadSnapshot): ThemeDownloadView {
  const downloading = selectIsDownloading(snapshot);
  const status = selectDownloadStatus(snapshot);
  const error = selectDownloadError(snapshot);
  const { filename } = snapshot.context;
  return {
    button: actionButton(messages.theme.download, messages.theme.downloading, downloading),
    filename,
    popup:
      status === 'success' && filename !== null
        ? { tone: 'success', message: messages.theme.downloadStarted(filename) }
        : status === 'error' && error !== null
          ? { tone: 'error', message: error, choosePlan: selectDownloadNeedsPlan(snapshot) }
          : null,
  };
}

export function themeDownloadCommands(send: (event: ThemeDownloadEvent) => void) {
  return {
    download: (filename: string) => send({ type: 'theme.download', filename }),
    dismiss: () => send({ type: 'theme.dismiss' }),
  };
}
