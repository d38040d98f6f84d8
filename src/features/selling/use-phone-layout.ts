import { useSyncExternalStore } from 'react';

/** Below 640 px (Tailwind's `sm`) tables become cards. False where matchMedia does not exist (jsdom). */
const PHONE_QUERY = '(max-width: 639px)';

export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(PHONE_QUERY);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
