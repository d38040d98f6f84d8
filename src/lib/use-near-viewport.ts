import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the visible part of the page; once true it stays true. True
 * at once where IntersectionObserver is missing, so nothing waits on a browser that cannot say.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin = '50%'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
