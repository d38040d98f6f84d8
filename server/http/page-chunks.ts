import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FETCHED_AHEAD_ELEMENT_ID } from '../../contract/fetched-ahead.ts';
import { html, type SafeHtml } from './html.ts';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), keyed by its source module. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest's key of the entry: the SPA's index.html and what it imports. */
export const ENTRY_KEY = 'index.html';

/**
 * What every page runs as it starts: the entry (React and React DOM) and the app, which the entry imports in a task
 * after its own so that evaluating the two is not one long task (src/main.tsx). The app is asked for with the entry,
 * never discovered after it.
 */
export const STARTUP_MODULES = [ENTRY_KEY, 'src/app/start-app.tsx'] as const;

/** The date pickers' code (react-datepicker, date-fns), run when a visitor first reaches a date field. */
const DATE_PICKERS = 'src/components/dates/StayDatePickers.tsx';

/**
 * The public pages a visitor most often opens first, by address, with the module of their route's page and the
 * code the page runs only once the visitor reaches for it (`fetchedAhead`: the date pickers, where it has date
 * fields).
 */
export const FIRST_PAINT_PAGES = [
  {
    name: 'landing',
    path: /^\/$/,
    module: 'src/features/landing/components/LandingPage.tsx',
    fetchedAhead: [DATE_PICKERS],
  },
  {
    name: 'marketplace',
    path: /^\/marketplace$/,
    module: 'src/features/marketplace/components/MarketplacePage.tsx',
    fetchedAhead: [DATE_PICKERS],
  },
  {
    name: 'listing',
    path: /^\/listings\/[^/]+$/,
    module: 'src/features/listing/components/ListingDetailPage.tsx',
    fetchedAhead: [],
  },
] as const;

/** The chunks that `keys` load at once: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

/**
 * The `<link>` tags that fetch a page's own code together with the entry. Without them the browser learns of the
 * page's chunk only once the entry has run and the router asks for it: one more round trip before first paint.
 * A page whose markup the server drew in full paints without its code (`withScripts: false`): then only its
 * stylesheets are linked, and its scripts leave the slow link to the page's picture and stylesheet, loading once
 * the entry asks for them. The code the page runs only when the visitor reaches for it is prefetched (see
 * `prefetches`). Answers no tags when the build has no manifest (an API-only test's web root) or the page is not
 * listed.
 */
export function pagePreloads(webRoot: string): (pagePath: string, withScripts: boolean) => SafeHtml {
  const manifestPath = path.join(webRoot, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return () => html``;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = staticClosure(manifest, [ENTRY_KEY]);
  const startup = staticClosure(manifest, STARTUP_MODULES);
  const preload = (key: string) => html`<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`;
  // Vite's index.html links the entry's own imports; the app's are linked here, on every page.
  const app = html`${[...startup].filter((key) => !entry.has(key) && manifest[key]).map(preload)}`;
  const tags = FIRST_PAINT_PAGES.map((page) => {
    if (!manifest[page.module]) return { scripts: html``, styles: html`` };
    const chunks = [...staticClosure(manifest, [page.module])].filter((key) => !startup.has(key));
    const scripts = chunks.map(preload);
    const styles = chunks.flatMap((key) => manifest[key]!.css ?? []);
    return {
      scripts: html`${scripts}`,
      styles: html`${styles.map((file) => html`<link rel="stylesheet" crossorigin href="/${file}">`)}`,
      ahead: prefetches(manifest, staticClosure(manifest, [...STARTUP_MODULES, page.module]), page.fetchedAhead),
    };
  });
  return (pagePath, withScripts) => {
    const page = tags[FIRST_PAINT_PAGES.findIndex((candidate) => candidate.path.test(pagePath))];
    return page ? html`${app}${withScripts && page.scripts}${page.styles}${page.ahead}` : app;
  };
}

/**
 * `<link rel="prefetch">` tags for the chunks (and their stylesheets) of `modules` that the page does not load
 * anyway (`loaded`), in the inert template the page's script moves into the head once the page has loaded and the
 * browser is idle (contract/fetched-ahead.ts). The browser then fetches them at its lowest priority into its
 * cache, without running them: the page's load runs none of that code, and the visitor's first reach for it waits
 * only for it to be evaluated. Each is asked for with `crossorigin`, as Vite's dynamic import asks for it, so that
 * request is answered from the cache.
 */
function prefetches(manifest: Manifest, loaded: Set<string>, modules: readonly string[]): SafeHtml {
  const chunks = [...staticClosure(manifest, modules)].filter((key) => manifest[key] && !loaded.has(key));
  if (chunks.length === 0) return html``;
  const scripts = chunks.map(
    (key) => html`<link rel="prefetch" as="script" crossorigin href="/${manifest[key]!.file}">`,
  );
  const styles = chunks
    .flatMap((key) => manifest[key]!.css ?? [])
    .map((file) => html`<link rel="prefetch" as="style" crossorigin href="/${file}">`);
  return html`<template id="${FETCHED_AHEAD_ELEMENT_ID}">${scripts}${styles}</template>`;
}
