import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Replaces IntersectionObserver for the tests of the calling file with one the test drives: `report(entry)` hands
 * the element last observed the entry the browser would (in view, below the screen...), inside act();
 * `report(entry, element)` hands it to that element's observer instead. It throws while nothing is observed yet: a
 * page that renders after a lazy import starts observing in an effect that may run after its markup shows, so such
 * a test first waits until `observing()`.
 */
export function fakeIntersectionObserver(): {
  report: (entry: Partial<IntersectionObserverEntry>, element?: Element) => void;
  observing: () => boolean;
} {
  const nothingObserved = () => {
    throw new Error('nothing is being observed');
  };
  type Deliver = (entry: Partial<IntersectionObserverEntry>) => void;
  let deliver: Deliver = nothingObserved;
  const byElement = new Map<Element, Deliver>();
  beforeEach(() => {
    deliver = nothingObserved;
    byElement.clear();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          deliver = (entry) =>
            act(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
          byElement.set(element, deliver);
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return {
    report: (entry, element) => (element ? (byElement.get(element) ?? nothingObserved) : deliver)(entry),
    observing: () => deliver !== nothingObserved,
  };
}
