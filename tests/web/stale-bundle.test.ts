import { describe, expect, it, vi } from 'vitest';
import { importOrReload, type StaleBundleDeps } from '../../src/lib/stale-bundle.ts';

/** A tab's session storage, a reload that only counts, and a clock the test moves. */
function tab(start = 1_000_000) {
  const stored = new Map<string, string>();
  const clock = { now: start };
  const deps: StaleBundleDeps = {
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    reload: vi.fn(),
    now: () => clock.now,
  };
  return { deps, clock };
}

const missingChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/ListingDetailPage-0ld.js'));
/** Whether a promise has settled by the time queued work has run. */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('a tab running the bundle of before a deploy', () => {
  it('loads a chunk that exists as usual', async () => {
    const { deps } = tab();
    await expect(importOrReload(() => Promise.resolve({ default: 'page' }), deps)).resolves.toEqual({
      default: 'page',
    });
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('reloads onto the new bundle when a chunk is gone, leaving the page loading meanwhile', async () => {
    const { deps } = tab();
    const loading = importOrReload(missingChunk, deps);
    expect(await settled(loading)).toBe(false);
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('reloads only once: failing again right after the reload shows the error instead of looping', async () => {
    const { deps, clock } = tab();
    expect(await settled(importOrReload(missingChunk, deps))).toBe(false);
    clock.now += 5_000;
    await expect(importOrReload(missingChunk, deps)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(deps.reload).toHaveBeenCalledOnce();
    clock.now += 60_000;
    expect(await settled(importOrReload(missingChunk, deps))).toBe(false);
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for an error inside a page that did load, nor when storage is blocked', async () => {
    const { deps } = tab();
    await expect(importOrReload(() => Promise.reject(new Error('render bug')), deps)).rejects.toThrow('render bug');
    const blocked: StaleBundleDeps = {
      ...deps,
      storage: {
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        setItem: () => undefined,
      },
    };
    await expect(importOrReload(missingChunk, blocked)).rejects.toThrow('Failed to fetch');
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
