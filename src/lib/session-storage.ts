/**
 * One tab's session storage, read and written without throwing: a browser may refuse storage (some private
 * windows, a full quota), and what is kept there is only ever a convenience the server can do without.
 */
export function readSessionItem(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets the key when `value` is null; does nothing when storage is refused. */
export function writeSessionItem(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Refused: nothing was kept, which every caller can live with.
  }
}
