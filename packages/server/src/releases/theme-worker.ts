import { parentPort } from 'node:worker_threads';
import { UploadRefusal } from './archive-reader.ts';
import { runThemeJob, type ThemeJob } from './theme-work.ts';

/**
 * The theme worker's entry (`dist/theme-worker.js` once built; theme-jobs.ts starts it): one job
 * at a time from the server, answered with its result or its refusal.
 */
const port = parentPort;
if (port === null) throw new Error('theme-worker.ts runs as a worker thread');

port.on('message', (message: { id: number; job: ThemeJob }) => {
  runThemeJob(message.job).then(
    (result) => {
      const transfer = 'archive' in result ? [result.archive.buffer as ArrayBuffer] : [];
      port.postMessage({ id: message.id, result }, transfer);
    },
    (error: unknown) => {
      port.postMessage({
        id: message.id,
        refusal:
          error instanceof UploadRefusal ? { code: error.code, detail: error.detail } : undefined,
        error: error instanceof Error ? error.message : String(error),
      });
    },
  );
});
