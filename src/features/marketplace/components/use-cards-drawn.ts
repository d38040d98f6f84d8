import { startTransition, useEffect, useState } from 'react';
import { useBrowserValue } from '../../../lib/use-browser-value.tsx';

/**
 * The cards the server draws: more than any screen shows before scrolling (two rows of three on a wide screen).
 * Drawing all two dozen in the page made parsing, laying out and taking over a results page most of a slow
 * phone's work before it could answer a tap. Crawlers find every stay through the sitemap.
 */
export const FIRST_SCREEN_CARDS = 6;

/**
 * How many of `total` cards to draw. A page the server drew starts with its first screen; once the script has
 * taken it over, the rest follow FIRST_SCREEN_CARDS at a time, each step a transition with a commit of its own:
 * adding all of them in one commit was a task long enough to hold up a tap. A page the script draws itself draws
 * them all at once, behind its loading state. `whole`: every card is drawn (what follows them may be drawn too).
 */
export function useCardsDrawn(total: number): { count: number; whole: boolean } {
  const drawnByServer = useBrowserValue(() => false, true);
  const [count, setCount] = useState(() => (drawnByServer ? FIRST_SCREEN_CARDS : Infinity));
  useEffect(() => {
    if (drawnByServer || count >= total) return;
    startTransition(() => setCount(count + FIRST_SCREEN_CARDS));
  }, [drawnByServer, count, total]);
  return { count, whole: count >= total };
}
