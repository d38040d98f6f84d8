import { useCallback, useSyncExternalStore } from 'react';

/**
 * True once the window has scrolled more than `threshold` pixels. Subscribes only while `enabled`, with a
 * passive listener so scrolling is never blocked; re-renders only when the answer flips.
 */
export function useScrolledPast(threshold: number, enabled: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!enabled) return () => {};
      window.addEventListener('scroll', onChange, { passive: true });
      return () => window.removeEventListener('scroll', onChange);
    },
    [enabled],
  );
  const getSnapshot = () => enabled && window.scrollY > threshold;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
