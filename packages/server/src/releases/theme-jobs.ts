import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { UploadRefusal, type UploadRefusalCode } from './archive-reader.ts';
import type { ThemeJob, ThemeJobResults } from './theme-work.ts';

/**
 * Unzipping, merging and Theme Check run in one worker thread per process, never on the event
 * loop (docs/architecture.md, 'packages/server/src'): jobs queue there one after another. The
 * worker starts with the first job, is started again after a crash (the jobs it held are
 * refused), never keeps the process alive and is stopped with the app.
 */
export interface ThemeJobs {
  run<K extends ThemeJob['kind']>(job: Extract<ThemeJob, { kind: K }>): Promise<ThemeJobResults[K]>;
  close(): Promise<void>;
}

/** A bomb that slips past the reader's counts still cannot take the server's memory with it. */
const workerOptions: WorkerOptions = { resourceLimits: { maxOldGenerationSizeMb: 512 } };

/**
 * The compiled worker beside the bundle (`dist/theme-worker.js`, see tsdown.config.ts); from the
 * sources (tests, `pnpm dev`), the TypeScript entry through tsx, a development dependency.
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith('.js')) {
    return new Worker(new URL('./theme-worker.js', import.meta.url), workerOptions);
  }
  const entry = new URL('./theme-worker.ts', import.meta.url).href;
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(boot, { ...workerOptions, eval: true });
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

type WorkerAnswer =
  | { id: number; result: unknown }
  | { id: number; refusal?: { code: UploadRefusalCode; detail?: string }; error: string };

export function createThemeJobs(): ThemeJobs {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };

  const ready = (): Worker => {
    if (worker !== undefined) return worker;
    const started = startWorker();
    started.unref();
    started.on('message', (answer: WorkerAnswer) => {
      const job = pending.get(answer.id);
      if (job === undefined) return;
      pending.delete(answer.id);
      if ('result' in answer) job.resolve(answer.result);
      else if (answer.refusal !== undefined) {
        job.reject(new UploadRefusal(answer.refusal.code, answer.refusal.detail));
      } else job.reject(new Error(answer.error));
    });
    started.on('error', (error) => {
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`the theme worker stopped (code ${code})`));
    });
    worker = started;
    return started;
  };

  return {
    run(job) {
      return new Promise((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { resolve: resolve as Pending['resolve'], reject });
        // Copied, not transferred: the caller may go on holding its bytes.
        ready().postMessage({ id, job });
      });
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
