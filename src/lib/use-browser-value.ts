import { useSyncExternalStore } from 'react';

const neverNotifies = () => () => {};

/**
 * A value only the browser can read (its storage, what it supports), read again at each render. A page the
 * server drew was drawn with `serverValue`, and the browser's first render over that markup uses it too, so
 * both match; the render that follows at once has the browser's own value.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(neverNotifies, read, () => serverValue);
}
