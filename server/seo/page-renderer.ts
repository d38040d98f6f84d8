import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** API replies the server already holds for a page, which its render starts from (as the browser's does). */
export interface ServedData {
  /** GET /api/listings without filters: the bare marketplace's first results. */
  search?: unknown;
}

/** The markup a page's address draws in a guest's browser (src/entry-server.tsx). */
export type PageRenderer = (url: string, served: ServedData) => Promise<string>;

/**
 * The SPA's server renderer from the build (dist/ssr, made by `npm run build:web` beside dist/web), or undefined
 * when the build has none: the pages are then drawn by their script alone, as they are in development. Its code
 * (React's server renderer, the pages) loads on the first page served, not while the server starts.
 */
export function pageRendererIn(ssrRoot: string): PageRenderer | undefined {
  const entry = path.join(ssrRoot, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let loading: Promise<{ renderPage: PageRenderer }> | undefined;
  return async (url, served) => {
    loading ??= import(pathToFileURL(entry).href) as Promise<{ renderPage: PageRenderer }>;
    return (await loading).renderPage(url, served);
  };
}
