type Counted = 'NumberFormat' | 'DisplayNames';

/**
 * Runs `body` with `Intl[name]` replaced by a subclass that counts the objects made, then puts the original back;
 * `made()` answers the count so far. The lib types mark Intl's members read-only; the runtime lets a test swap one.
 */
export function countingIntl(name: Counted, body: (made: () => number) => void): void {
  const intl = Intl as unknown as Record<Counted, new (...args: unknown[]) => object>;
  const Original = intl[name];
  let made = 0;
  intl[name] = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      made += 1;
    }
  };
  try {
    body(() => made);
  } finally {
    intl[name] = Original;
  }
}
