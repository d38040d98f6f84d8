import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/** Whether what renders now must draw what the server drew (the server's own render, and the script's take-over). */
const DrawnAsTheServer = createContext(false);

/**
 * Above the app, in the server's render and in the browser alike. `drawnByServer`: the server is rendering, or the
 * script is taking over the markup the server sent. After that take-over is committed, the browser's own values
 * follow in one transition, which React renders in slices that yield to the browser: a store's change
 * (useSyncExternalStore's server snapshot) would re-render everything below its readers at once, in one long task
 * (the session's provider sits above the whole app).
 */
export function BrowserValuesProvider({ drawnByServer, children }: { drawnByServer: boolean; children: ReactNode }) {
  const [asTheServerDrewIt, setAsTheServerDrewIt] = useState(drawnByServer);
  useEffect(() => {
    if (asTheServerDrewIt) startTransition(() => setAsTheServerDrewIt(false));
  }, [asTheServerDrewIt]);
  return <DrawnAsTheServer value={asTheServerDrewIt}>{children}</DrawnAsTheServer>;
}

/**
 * A value only the browser can read (its storage, what it supports), read again at each render. A page the
 * server drew was drawn with `serverValue`, and the browser's render that takes that markup over uses it too, so
 * both match; the browser's own value comes with the transition that follows.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useContext(DrawnAsTheServer) ? serverValue : read();
}

/**
 * A browser value that can change while the page is open (a media query, a choice kept in storage): `read` again
 * whenever `subscribe` says so. Drawn like `useBrowserValue`: the server's and the take-over's renders have
 * `serverValue`, and the browser's own comes with the transition after the take-over. The store's server snapshot
 * is the browser's own value, so React finds nothing to re-render synchronously after the take-over.
 */
export function useBrowserStore<T>(subscribe: (notify: () => void) => () => void, read: () => T, serverValue: T): T {
  const current = useSyncExternalStore(subscribe, read, typeof document === 'undefined' ? () => serverValue : read);
  return useContext(DrawnAsTheServer) ? serverValue : current;
}
