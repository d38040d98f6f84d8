import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the top on every route change, so a new page never opens half-way down, or to the anchor when the URL has a hash
 * such as /#about. Route pages load before the navigation commits (route `lazy`), so the anchor exists here.
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  // A repeated click on the same anchor is a new history entry: scroll to it again.
  const anchorKey = hash ? key : null;

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [pathname, hash, anchorKey]);

  return null;
}
