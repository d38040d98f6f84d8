import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the top on every route change, so a new page never opens half-way down, or to the anchor when the URL has a hash
 * such as /#about. Route pages load before the navigation commits (route `lazy`), so the anchor exists here.
 *
 * The page's first address is the browser's to place: a page the server drew may already be scrolled by the
 * visitor, or restored on reload, before this script runs, and moving them back would undo what they did. Only
 * an anchor the browser could not find (the page was empty until now) is scrolled to, if nobody has moved.
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  // A repeated click on the same anchor is a new history entry: scroll to it again.
  const anchorKey = hash ? key : null;
  // The address last placed; kept across StrictMode's second run of the effect, which must not count as a move.
  const placed = useRef<string | null>(null);

  useEffect(() => {
    const address = `${pathname}${hash}@${anchorKey}`;
    if (placed.current === address) return;
    const opening = placed.current === null;
    placed.current = address;
    if (opening && window.scrollY !== 0) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else if (!opening) window.scrollTo(0, 0);
  }, [pathname, hash, anchorKey]);

  return null;
}
