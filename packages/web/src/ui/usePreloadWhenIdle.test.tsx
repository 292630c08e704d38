import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { usePreloadWhenIdle } from './usePreloadWhenIdle.ts';

describe('usePreloadWhenIdle', () => {
  let idleTasks: (() => void)[];
  const cancelled: number[] = [];

  const { requestIdleCallback, cancelIdleCallback } = window;

  beforeEach(() => {
    idleTasks = [];
    cancelled.length = 0;
    let handles = 0;
    window.requestIdleCallback = (task) => {
      idleTasks.push(() => task({} as IdleDeadline));
      return ++handles;
    };
    window.cancelIdleCallback = (handle) => cancelled.push(handle);
  });

  afterEach(() => {
    // Unmounted first: their effects' cleanup cancels through the stand-in.
    cleanup();
    window.requestIdleCallback = requestIdleCallback;
    window.cancelIdleCallback = cancelIdleCallback;
  });

  async function runIdle() {
    const task = idleTasks.shift();
    if (task === undefined) throw new Error('nothing waits for an idle period');
    await act(async () => task());
  }

  it('fetches one chunk per idle period once the screen is shown, and stops when it goes', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    const third = vi.fn(() => Promise.resolve());
    const preloads = [first, second, third];
    function Screen() {
      usePreloadWhenIdle(preloads);
      return null;
    }
    const { unmount } = render(<Screen />);
    expect(first).not.toHaveBeenCalled();
    await runIdle();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    await runIdle();
    expect(second).toHaveBeenCalledTimes(1);
    expect(idleTasks).toHaveLength(1);
    unmount();
    expect(cancelled).toEqual([3]);
    expect(third).not.toHaveBeenCalled();
  });

  it('stops after a failed fetch (offline): the code is fetched when rendered instead', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('hors ligne')));
    const next = vi.fn(() => Promise.resolve());
    const preloads = [failing, next];
    function Screen() {
      usePreloadWhenIdle(preloads);
      return null;
    }
    render(<Screen />);
    await runIdle();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(idleTasks).toHaveLength(0);
    expect(next).not.toHaveBeenCalled();
  });
});
