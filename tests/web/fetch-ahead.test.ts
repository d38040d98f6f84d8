import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCHED_AHEAD_ELEMENT_ID } from '../../contract/fetched-ahead.ts';
import { fetchAheadOnceIdle } from '../../src/lib/fetch-ahead.ts';
import { controlIdleCallbacks } from './idle-browser.ts';

const { idle, withoutIdleCallbacks } = controlIdleCallbacks();

const PICKERS = '/assets/StayDatePickers-1.js';

/** The page as the server sends one with date fields: the pickers' prefetch link, inert in its template. */
function serveTemplate() {
  const template = document.createElement('template');
  template.id = FETCHED_AHEAD_ELEMENT_ID;
  template.innerHTML = `<link rel="prefetch" as="script" crossorigin href="${PICKERS}">`;
  document.head.append(template);
}

/** The prefetch links the browser acts on: in the head itself, not in a template's inert content. */
const activePrefetches = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  document.head.querySelectorAll(`#${FETCHED_AHEAD_ELEMENT_ID}, link[rel="prefetch"]`).forEach((node) => node.remove());
});

describe('code fetched ahead', () => {
  it('is named inert while the page loads and put in the head once the browser is idle', () => {
    serveTemplate();
    expect(activePrefetches()).toEqual([]);
    fetchAheadOnceIdle();
    expect(activePrefetches()).toEqual([]);
    idle();
    expect(activePrefetches()).toEqual([PICKERS]);
  });

  it('waits for the page to have loaded before it waits for an idle moment', () => {
    serveTemplate();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    fetchAheadOnceIdle();
    idle();
    expect(activePrefetches()).toEqual([]);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    idle();
    expect(activePrefetches()).toEqual([PICKERS]);
  });

  it('without requestIdleCallback (Safari) is put in the head a second after the load', () => {
    withoutIdleCallbacks();
    vi.useFakeTimers();
    serveTemplate();
    fetchAheadOnceIdle();
    vi.advanceTimersByTime(999);
    expect(activePrefetches()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(activePrefetches()).toEqual([PICKERS]);
  });

  it('does nothing on a page that names nothing', () => {
    fetchAheadOnceIdle();
    idle();
    expect(activePrefetches()).toEqual([]);
  });
});
