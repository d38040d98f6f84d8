import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServedReplies } from '../../contract/served-replies.ts';
import { renderingThread } from './render-thread.ts';

/** The markup a page's address draws in a guest's browser (src/entry-server.tsx). */
export type PageRenderer = (url: string, served: ServedReplies) => Promise<string>;

/** Renders kept, and for how long: enough for the pages people arrive on, a bounded few megabytes at most. */
const KEPT_RENDERS = 32;
const KEEP_RENDER_MS = 60_000;

/**
 * The SPA's server renderer from the build (dist/ssr, made by `npm run build:web` beside dist/web), or undefined
 * when the build has none: the pages are then drawn by their script alone, as they are in development. It runs in
 * its own thread (`renderingThread`), which starts with the first page served, not while the server starts.
 */
export function pageRendererIn(ssrRoot: string, renderLimitMs?: number): PageRenderer | undefined {
  const entry = path.join(ssrRoot, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return keepingRenders(renderingThread(entry, renderLimitMs));
}

/**
 * `render`, answering from a recent render of the same address and data: a page is the same for every visitor
 * (the server draws it as a guest sees it) until its data changes, and the bare marketplace's 24 cards take tens
 * of milliseconds of the server's one thread to draw. Kept a minute at most, the few most recently used.
 */
export function keepingRenders(render: PageRenderer, now: () => number = Date.now): PageRenderer {
  const kept = new Map<string, { markup: string; at: number }>();
  return async (url, served) => {
    const key = createHash('sha256').update(url).update('\n').update(JSON.stringify(served)).digest('base64');
    const hit = kept.get(key);
    kept.delete(key);
    if (hit && now() - hit.at < KEEP_RENDER_MS) {
      kept.set(key, hit);
      return hit.markup;
    }
    const markup = await render(url, served);
    kept.set(key, { markup, at: now() });
    if (kept.size > KEPT_RENDERS) kept.delete(kept.keys().next().value!);
    return markup;
  };
}
