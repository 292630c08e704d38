import type { Database } from '../db/database.ts';
import { createPeriodicJob } from '../periodic.ts';
import { addDownloads } from './theme-releases.repo.ts';

/**
 * Downloads per release, counted in memory and written every FLUSH_SECONDS (and when the server
 * stops), so a download waits on no write (docs/decisions.md, 'Theme releases'). A process that
 * dies loses the counts of its last seconds at most.
 */
export interface DownloadCounter {
  count(version: string): void;
  /** Writes what was counted (tests call it; the timer does while serving). */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export const FLUSH_SECONDS = 10;

export function createDownloadCounter(options: {
  db: Database;
  log: { error(object: object, message: string): void };
}): DownloadCounter {
  let counted = new Map<string, number>();
  const flush = async () => {
    const writing = counted;
    counted = new Map();
    const entries = [...writing];
    for (const [index, [version, count]] of entries.entries()) {
      try {
        await addDownloads(options.db, version, count);
      } catch (error) {
        // What is not written yet waits for the next flush.
        for (const [unwritten, left] of entries.slice(index)) {
          counted.set(unwritten, (counted.get(unwritten) ?? 0) + left);
        }
        throw error;
      }
    }
  };
  const job = createPeriodicJob({
    periodSeconds: FLUSH_SECONDS,
    run: flush,
    log: options.log,
    failure: 'release downloads not recorded',
  });
  return {
    count(version) {
      counted.set(version, (counted.get(version) ?? 0) + 1);
    },
    flush,
    start: () => job.start(),
    async stop() {
      await job.stop();
      await flush();
    },
  };
}
