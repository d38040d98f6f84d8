import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Replaces IntersectionObserver for the tests of the calling file with one the test drives: `report(entry)` hands
 * the element last observed the entry the browser would (in view, below the screen...), inside act().
 */
export function fakeIntersectionObserver(): { report: (entry: Partial<IntersectionObserverEntry>) => void } {
  let deliver: (entry: Partial<IntersectionObserverEntry>) => void = () => {
    throw new Error('nothing is being observed');
  };
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          deliver = (entry) =>
            act(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return { report: (entry) => deliver(entry) };
}
