/**
 * A job the server runs on a timer while serving (started once listening, stopped before the
 * database closes): now, then every `periodSeconds`, never twice at once (a tick that falls
 * during a run is skipped). A failed run is logged and the next tick tries again.
 */
export interface PeriodicJob {
  start(): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  periodSeconds: number;
  run: () => Promise<void>;
  log: { error(object: object, message: string): void };
  /** The log line of a failed run. */
  failure: string;
}

export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= options
      .run()
      .catch((error: unknown) =>
        options.log.error(
          { error: error instanceof Error ? error.message : String(error) },
          options.failure,
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer !== undefined) return;
      timer = setInterval(tick, options.periodSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
