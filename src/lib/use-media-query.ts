import { useBrowserStore } from './use-browser-value.tsx';

/** Whether a CSS media query matches now; false where matchMedia does not exist (the unit tests' DOM). */
export function useMediaQuery(query: string): boolean {
  return useBrowserStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    false,
  );
}

/** The system setting asking for less motion (e.g. no cross-fading slideshow). */
export const PREFERS_REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Below 640 px (Tailwind's `sm`): tables become cards. */
export const PHONE_LAYOUT = '(max-width: 639px)';

/** From 1024 px (Tailwind's `lg`): a stay's page has its price box beside the description, not under it. */
export const SIDE_BY_SIDE_LAYOUT = '(min-width: 1024px)';
