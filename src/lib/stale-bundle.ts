/**
 * After a deploy, a tab still running the previous bundle asks for chunks that no longer exist (their names
 * carry the old content hash; the server answers 404). The fix is to load the new bundle: reload the page, once.
 * If the reload did not help (the chunk is missing from the new build too, or the network is down), the error
 * goes on to the error screen instead of reloading in a loop.
 */
const RELOADED_AT_KEY = 'restay:reloadedForNewBundleAt';
/** A second failure this soon after a reload means the reload did not help. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** What each browser says when a module script cannot be fetched (Chromium, Firefox, Safari), and Vite's preload. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export interface StaleBundleDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browser = (): StaleBundleDeps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * Runs a dynamic import; when it fails because the chunk is gone, reloads the page (once a minute at most) and
 * leaves the import pending, so nothing renders an error while the new bundle loads.
 */
export async function importOrReload<T>(load: () => Promise<T>, deps?: StaleBundleDeps): Promise<T> {
  try {
    return await load();
  } catch (error) {
    // The browser's storage is read only on failure: a server rendering the page has none.
    if (!isChunkLoadFailure(error) || !reloadOnce(deps ?? browser())) throw error;
    return new Promise<T>(() => {});
  }
}

function reloadOnce({ storage, reload, now }: StaleBundleDeps): boolean {
  try {
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_AGAIN_AFTER_MS) return false;
    // Without this record the reload could loop; a browser that blocks storage gets the error screen instead.
    storage.setItem(RELOADED_AT_KEY, String(now()));
  } catch {
    return false;
  }
  reload();
  return true;
}
