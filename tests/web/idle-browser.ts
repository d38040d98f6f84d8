import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * The tests' DOM (happy-dom) has no requestIdleCallback. In a file that calls this, the browser has the call, as
 * browsers but Safari do, and turns idle when the test says so: `idle()`, after the page's first paint. With it a
 * test shows that code the page should run only for the visitor (the date picker's) does not run when the browser
 * turns idle.
 */
export function controlIdleCallbacks() {
  const waiting = new Map<number, IdleRequestCallback>();
  let lastHandle = 0;
  let idleNow = false;
  const runWaiting = () => {
    for (const [handle, callback] of waiting) {
      waiting.delete(handle);
      callback({ didTimeout: false, timeRemaining: () => 50 });
    }
  };
  beforeEach(() => {
    window.requestIdleCallback = (callback) => {
      waiting.set(++lastHandle, callback);
      // Idle already: it runs once the caller's task is done, as in a browser.
      if (idleNow) setTimeout(runWaiting);
      return lastHandle;
    };
    window.cancelIdleCallback = (handle) => void waiting.delete(handle);
  });
  afterEach(() => {
    // Unmounted first: a page still on screen cancels what it asked for on its way out.
    cleanup();
    waiting.clear();
    idleNow = false;
    // Other files sharing this document get the window back as the tests' DOM has it, without the call.
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });
  return {
    /**
     * The browser has nothing better to do from now on: what waited for that runs now, and what asks later (a
     * page whose effects have not run yet) runs at once.
     */
    idle: () => {
      idleNow = true;
      act(runWaiting);
    },
    /** A browser without the call (Safari), where an app would fall back to a timer. */
    withoutIdleCallbacks: () => {
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    },
  };
}
