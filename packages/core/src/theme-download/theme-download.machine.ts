import { assertEvent, assign, setup } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type { ThemeDownloadContext, ThemeDownloadEvent } from './theme-download.types.ts';

const startDownload = {
  'theme.download': [
    {
      guard: 'hasFilename',
      target: '#themeDownload.pending',
      actions: 'rememberFilename',
    },
    {
      target: '#themeDownload.error',
      actions: { type: 'showError', params: { message: messages.validation.filenameRequired } },
    },
  ],
} as const;

/**
 * docs/product.md#feature-errors: 'Erreur lors du téléchargement du thème', except a refusal the
 * server explains (403 without a subscription giving access: 'Votre essai gratuit est terminé…').
 */
export function themeDownloadErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { 403: { serverMessageOr: messages.theme.downloadError } },
    fallback: messages.theme.downloadError,
  });
}

export const themeDownloadMachine = setup({
  types: {
    context: {} as ThemeDownloadContext,
    events: {} as ThemeDownloadEvent,
  },
  actors: {
    downloadTheme: notProvided<Blob, { filename: string }>('downloadTheme'),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    rememberFilename: assign({
      filename: ({ event }) => {
        assertEvent(event, 'theme.download');
        return event.filename.trim();
      },
      error: null,
      needsPlan: false,
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
  guards: {
    // docs/product.md#other-rules: a download requires a filename.
    hasFilename: ({ event }) => {
      assertEvent(event, 'theme.download');
      return event.filename.trim() !== '';
    },
  },
}).createMachine({
  id: 'themeDownload',
  context: { filename: null, error: null, needsPlan: false },
  initial: 'idle',
  states: {
    idle: { on: startDownload },
    pending: {
      // No second download while one is under way.
      invoke: {
        id: 'downloadTheme',
        src: 'downloadTheme',
        input: ({ context }) => ({ filename: context.filename ?? '' }),
        onDone: {
          target: 'success',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({
              blob: event.output,
              filename: context.filename ?? '',
            }),
          },
        },
        onError: {
          target: 'error',
          actions: [
            {
              type: 'showError',
              params: ({ event }) => ({ message: themeDownloadErrorMessage(event.error) }),
            },
            assign({
              needsPlan: ({ event }) => isApiError(event.error) && event.error.status === 403,
            }),
          ],
        },
      },
    },
    success: { on: { ...startDownload, 'theme.dismiss': 'idle' } },
    error: { on: { ...startDownload, 'theme.dismiss': 'idle' } },
  },
});
