import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function logged() {
  const lines: { object: object; message: string }[] = [];
  return {
    lines,
    log: { error: (object: object, message: string) => lines.push({ object, message }) },
  };
}

describe('periodic job', () => {
  it('runs at start, then every period, never twice at once, and stop waits for the run', async () => {
    let runs = 0;
    let finish: (() => void) | undefined;
    const { lines, log } = logged();
    const job = createPeriodicJob({
      periodSeconds: 60,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      log,
      failure: 'job failed',
    });
    job.start();
    job.start();
    expect(runs).toBe(1);
    // The run is still under way at the next two ticks: both are skipped.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(2);
    expect(lines).toEqual([]);
  });

  it('logs a failed run and tries again at the next tick', async () => {
    let runs = 0;
    const { lines, log } = logged();
    const job = createPeriodicJob({
      periodSeconds: 60,
      run: () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('base injoignable')) : Promise.resolve();
      },
      log,
      failure: 'job failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual([{ object: { error: 'base injoignable' }, message: 'job failed' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    expect(lines).toHaveLength(1);
    await job.stop();
  });
});
