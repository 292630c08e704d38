import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../machine-kit.ts';
import { mergedDownloadErrorMessage, themeUpdateErrorMessage } from './theme-update.rules.ts';
import type {
  ChosenArchive,
  ThemeUpdateContext,
  ThemeUpdateEvent,
  ThemeUpdateReport,
} from './theme-update.types.ts';

/**
 * The update that keeps the merchant's work (docs/product.md#themes-tab): the shop's export is
 * uploaded and merged into the newest release; the report and the merged archive follow, or the
 * server's refusal with the chosen file kept for a retry.
 */
export const themeUpdateMachine = setup({
  types: {
    context: {} as ThemeUpdateContext,
    events: {} as ThemeUpdateEvent,
  },
  actors: {
    uploadExport: notProvided<ThemeUpdateReport, ChosenArchive>('uploadExport'),
    downloadMerged: notProvided<Blob, { id: string }>('downloadMerged'),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    chooseArchive: assign({
      archive: ({ event }) => {
        assertEvent(event, 'update.choose');
        return event.archive;
      },
      report: null,
      error: null,
      downloaded: false,
    }),
  },
}).createMachine({
  id: 'themeUpdate',
  context: { archive: null, report: null, error: null, downloaded: false },
  initial: 'idle',
  on: { 'update.choose': { target: '.uploading', actions: 'chooseArchive' } },
  states: {
    idle: {
      on: {
        'update.retry': { guard: ({ context }) => context.archive !== null, target: 'uploading' },
      },
    },
    uploading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'uploadExport',
        src: 'uploadExport',
        input: ({ context }) => context.archive as ChosenArchive,
        onDone: {
          target: 'merged',
          actions: assign({ report: ({ event }) => event.output }),
        },
        onError: {
          target: 'refused',
          actions: assign({ error: ({ event }) => themeUpdateErrorMessage(event.error) }),
        },
      },
      // Leaving the state stops the call (its abort signal).
      on: { 'update.cancel': 'idle' },
    },
    refused: { on: { 'update.retry': 'uploading', 'update.reset': 'reset' } },
    merged: {
      initial: 'ready',
      on: { 'update.reset': '#themeUpdate.reset' },
      states: {
        ready: {
          on: {
            'update.download': {
              target: 'downloading',
              actions: assign({ error: null, downloaded: false }),
            },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadMerged',
            src: 'downloadMerged',
            input: ({ context }) => ({ id: context.report?.id ?? '' }),
            onDone: {
              target: 'ready',
              actions: [
                {
                  type: 'saveFile',
                  params: ({ context, event }) => ({
                    blob: event.output,
                    filename: context.report?.filename ?? '',
                  }),
                },
                assign({ downloaded: true }),
              ],
            },
            onError: {
              target: 'ready',
              actions: assign({ error: ({ event }) => mergedDownloadErrorMessage(event.error) }),
            },
          },
        },
      },
    },
    // Forgets the file and the report, then waits for another archive.
    reset: {
      always: {
        target: 'idle',
        actions: assign({ archive: null, report: null, error: null, downloaded: false }),
      },
    },
  },
});
