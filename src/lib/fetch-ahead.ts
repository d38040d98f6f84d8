import { FETCHED_AHEAD_ELEMENT_ID } from '../../contract/fetched-ahead.ts';

/** The longest an idle moment is waited for: a page still busy then fetches ahead anyway. */
const IDLE_TIMEOUT_MS = 3_000;
/** Where the browser has no requestIdleCallback (Safari): how long after the page's load it fetches ahead. */
const WITHOUT_IDLE_CALLBACK_MS = 1_000;

/**
 * Puts the prefetch links the server left inert in the page (contract/fetched-ahead.ts) in its head once the page
 * has loaded and the browser is idle. The browser then fetches the code a visitor's reach will run (the date
 * pickers) at its lowest priority, after the page's own code, stylesheet and pictures instead of beside them.
 * Does nothing on a page without them.
 */
export function fetchAheadOnceIdle(): void {
  const ahead = document.getElementById(FETCHED_AHEAD_ELEMENT_ID);
  if (!(ahead instanceof HTMLTemplateElement)) return;
  const fetchAhead = () => document.head.append(ahead.content);
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(fetchAhead, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(fetchAhead, WITHOUT_IDLE_CALLBACK_MS);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
