/**
 * Test support for the reliability tests: every promise settles, nothing is logged with a
 * token in it, no token travels in a URL, no rejection goes unhandled. Not exported.
 */
import { expect, vi } from 'vitest';
import type { RecordedRequest } from './fakeBackend.ts';

const consoleMethods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

interface NodeProcess {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
}
// Core compiles without Node's types; the test runner is Node.
const nodeProcess = (globalThis as unknown as { process: NodeProcess }).process;

/** Starts watching the console and unhandled rejections; `check` asserts and stops watching. */
export function watchLeaks() {
  const logged: string[] = [];
  const spies = consoleMethods.map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    }),
  );
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  nodeProcess.on('unhandledRejection', onUnhandled);

  return {
    /** Asserts no log line mentions a secret, no URL carries one, no rejection was unhandled. */
    async check(requests: readonly RecordedRequest[], secrets: readonly string[]) {
      // Unhandled rejections are reported after a macrotask turn.
      await new Promise<void>((resolve) => {
        setImmediateLike(resolve);
      });
      nodeProcess.off('unhandledRejection', onUnhandled);
      for (const spy of spies) spy.mockRestore();
      expect(unhandled).toEqual([]);
      for (const secret of secrets) {
        for (const line of logged) expect(line).not.toContain(secret);
        for (const request of requests) expect(request.url).not.toContain(secret);
      }
    },
  };
}

// The real setImmediate, even while a test fakes the timers.
const setImmediateLike = (
  globalThis as unknown as { setImmediate: (callback: () => void) => void }
).setImmediate.bind(globalThis);

/**
 * Settles every promise, failing (instead of hanging) when one is still pending after `turns`
 * event-loop turns (counted, not timed: the clock may be fake).
 */
export async function allSettledWithin<T>(
  promises: readonly Promise<T>[],
  turns = 2_000,
): Promise<PromiseSettledResult<T>[]> {
  let pending = true;
  const results = Promise.allSettled(promises).finally(() => {
    pending = false;
  });
  for (let turn = 0; pending && turn < turns; turn += 1) {
    await new Promise<void>((resolve) => {
      setImmediateLike(resolve);
    });
  }
  expect(pending, 'every pending promise settles').toBe(false);
  return results;
}

/**
 * Waits until `assertion` passes, checking once per event-loop turn (counted, not timed: a busy
 * machine only makes it slower, never failing), and fails with the assertion's own error after
 * `turns` turns.
 */
export async function eventually(assertion: () => void, turns = 2_000): Promise<void> {
  for (let turn = 0; ; turn += 1) {
    try {
      assertion();
      return;
    } catch (error) {
      if (turn >= turns) throw error;
    }
    await new Promise<void>((resolve) => {
      setImmediateLike(resolve);
    });
  }
}
