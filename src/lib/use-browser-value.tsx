import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

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
