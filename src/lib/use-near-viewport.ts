import { useEffect, useState, type RefObject } from 'react';
import { useBrowserValue } from './use-browser-value.tsx';

const cannotObserve = () => typeof IntersectionObserver !== 'function';

/**
 * Whether the element has come within `margin` of the visible part of the page; once true it stays true. True
 * at once where IntersectionObserver is missing, so nothing waits on a browser that cannot say (false in the
 * server's markup, which cannot know).
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin = '50%'): boolean {
  const [seen, setSeen] = useState(false);
  const cannotSay = useBrowserValue(cannotObserve, false);
  const near = seen || cannotSay;
  useEffect(() => {
    const target = element.current;
    // Also checked here: the effects of the render over the server's markup run before the browser's own value.
    if (near || !target || cannotObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
