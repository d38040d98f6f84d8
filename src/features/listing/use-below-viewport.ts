import { useEffect, useState, type RefObject } from 'react';

/** Whether the element lies wholly below the visible part of the page (false where IntersectionObserver is missing). */
export function useBelowViewport(element: RefObject<HTMLElement | null>): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return below;
}
