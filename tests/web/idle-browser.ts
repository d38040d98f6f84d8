import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom has no requestIdleCallback, so what the app leaves for an idle browser (the date picker's code) waits for
 * the Safari fallback instead: a real second per test. In a file that calls this, the browser has the call, as
 * browsers but Safari do, and is idle when the test says so: `idle()`, after the page's first paint.
 */
export function controlIdleCallbacks() {
  const waiting = new Map<number, IdleRequestCallback>();
  let lastHandle = 0;
  beforeEach(() => {
    window.requestIdleCallback = (callback) => {
      waiting.set(++lastHandle, callback);
      return lastHandle;
    };
    window.cancelIdleCallback = (handle) => void waiting.delete(handle);
  });
  afterEach(() => {
    // Unmounted first: a page still on screen cancels what it asked for on its way out.
    cleanup();
    waiting.clear();
    // Other files sharing this document get jsdom's window back, without the call.
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });
  return {
    /** The browser has nothing better to do: whatever waited for that runs now. */
    idle: () =>
      act(() => {
        for (const [handle, callback] of waiting) {
          waiting.delete(handle);
          callback({ didTimeout: false, timeRemaining: () => 50 });
        }
      }),
    /** A browser without the call (Safari): the app falls back to its timer. */
    withoutIdleCallbacks: () => {
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    },
  };
}
