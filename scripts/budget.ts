// The JavaScript budget (npm run budget, after npm run build:web). It reads Vite's manifest and fails when a
// route downloads more compressed JavaScript before its first paint than its budget, or when a library meant to
// load later (the maps, the date pickers, the price filter and its panel, the sign-in client, the HTTP client, zod)
// has slipped onto a route's first paint.
//
// Before first paint a route needs the entry chunk, the route's own chunk (the router loads it before it commits
// the navigation) and everything those import statically. Dynamic imports load later and are budgeted apart,
// each by what it adds to the route that opens it. Sizes are gzip at level 9 in kB (1000 bytes), as Vite prints.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ENTRY_KEY as ENTRY,
  FIRST_PAINT_PAGES,
  STARTUP_MODULES,
  staticClosure,
  type Manifest,
} from '../server/http/page-chunks.ts';

const ROOT = 'dist/web';

/** Each first-paint page's budget; the server preloads the same pages' chunks with the entry. */
const BUDGET_KB: Record<(typeof FIRST_PAINT_PAGES)[number]['name'], number> = {
  landing: 150,
  marketplace: 200,
  listing: 200,
};
const ROUTES = FIRST_PAINT_PAGES.map((page) => ({ ...page, budgetKb: BUDGET_KB[page.name] }));

/**
 * `after`: what is already loaded when the lazy part loads (a route, the entry, or an earlier lazy part); only
 * what it adds counts. The Google variant of the map loads through the map's own chunk.
 */
const LAZY = [
  { name: 'map', module: 'src/components/map/StaysMap.tsx', after: 'marketplace', budgetKb: 55 },
  // The same map chunk, opened by a stay's page once its map section comes near the screen.
  { name: "map on a stay's page", module: 'src/components/map/StaysMap.tsx', after: 'listing', budgetKb: 55 },
  { name: 'Google map', module: 'src/components/map/GoogleMapView.tsx', after: 'map', budgetKb: 40 },
  {
    name: 'date pickers',
    module: 'src/components/dates/StayDatePickers.tsx',
    after: 'marketplace',
    budgetKb: 50,
  },
  // The landing page's search runs the same pickers once a visitor reaches one of its date fields.
  {
    name: 'date pickers (landing)',
    module: 'src/components/dates/StayDatePickers.tsx',
    after: 'landing',
    budgetKb: 50,
  },
  {
    name: 'price filter',
    module: 'src/features/marketplace/components/PriceFilter.tsx',
    after: 'marketplace',
    budgetKb: 15,
  },
  {
    name: 'filters panel',
    module: 'src/features/marketplace/components/FiltersPanel.tsx',
    after: 'marketplace',
    budgetKb: 25,
  },
  { name: 'sign-in client', module: /^node_modules\/@supabase\/supabase-js\//, after: ENTRY, budgetKb: 55 },
  // axios and its interceptors, loaded with the first API call (ADR 0036).
  { name: 'HTTP client', module: 'src/lib/http-client.ts', after: ENTRY, budgetKb: 25 },
  // zod, which checks the API's replies, loaded with the first call too: what a page carries is read without it
  // (ADR 0096). Its own chunk by vite.config.ts.
  { name: 'zod', module: /^_zod-library-[\w-]+\.js$/, after: ENTRY, budgetKb: 40 },
  // The console Report's chart and its library (uPlot, about 20 kB), loaded by the Report alone (ADR 0092): room
  // for the library and our wrapper, not for a second library.
  {
    name: 'report chart',
    module: 'src/features/hotel-console/components/ReportChart.tsx',
    after: ENTRY,
    budgetKb: 30,
  },
];

/**
 * The hotel console: a hotel's staff load it, never a traveller. None of its pages may be on a public page's first
 * paint, and together (each page with all it imports, over the entry) they have a budget of their own. The
 * Report's chart is budgeted apart (LAZY).
 */
const CONSOLE = {
  name: 'hotel console',
  modules: /^src\/features\/hotel-console\/(?!components\/ReportChart\.tsx$)/,
  // 70 kB until the fees and payouts pages brought it to 71.6; the Report's page adds 2.6 (its chart is apart).
  budgetKb: 76,
};

const manifest = JSON.parse(readFileSync(path.join(ROOT, '.vite/manifest.json'), 'utf8')) as Manifest;

function keyOf(module: string | RegExp): string {
  const key = Object.keys(manifest).find((name) => (typeof module === 'string' ? name === module : module.test(name)));
  if (!key) throw new Error(`The manifest has no chunk for ${module}: was it renamed? Update scripts/budget.ts`);
  return key;
}

const gzipBytes = new Map<string, number>();
function kb(keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(ROOT, file)), { level: 9 }).length);
    bytes += gzipBytes.get(file)!;
  }
  return bytes / 1000;
}

// Every page starts with the entry and the app it loads at once (STARTUP_MODULES), whatever the page.
const firstPaint = new Map<string, Set<string>>([[ENTRY, staticClosure(manifest, STARTUP_MODULES)]]);
for (const route of ROUTES)
  firstPaint.set(route.name, staticClosure(manifest, [...STARTUP_MODULES, keyOf(route.module)]));

const failures: string[] = [];
const rows: { part: string; size: number; budgetKb: number }[] = [];
/** Each lazy part's chunks together with what was loaded before it. */
const loaded = new Map<string, Set<string>>();
for (const route of ROUTES) {
  const size = kb(firstPaint.get(route.name)!);
  rows.push({ part: `route ${route.name} (first paint)`, size, budgetKb: route.budgetKb });
  if (size > route.budgetKb)
    failures.push(`${route.name} loads ${size.toFixed(1)} kB before first paint (budget ${route.budgetKb} kB)`);
}
for (const part of LAZY) {
  const key = keyOf(part.module);
  const before = firstPaint.get(part.after) ?? loaded.get(part.after)!;
  const added = [...staticClosure(manifest, [key])].filter((chunk) => !before.has(chunk));
  loaded.set(part.name, new Set([...before, ...added]));
  const size = kb(added);
  rows.push({ part: `lazy ${part.name} (over ${part.after})`, size, budgetKb: part.budgetKb });
  if (size > part.budgetKb) failures.push(`${part.name} adds ${size.toFixed(1)} kB (budget ${part.budgetKb} kB)`);
  for (const [name, chunks] of firstPaint) {
    if (chunks.has(key)) failures.push(`${part.name} must load lazily but is on the first paint of ${name}`);
  }
}

const consoleKeys = Object.keys(manifest).filter((key) => CONSOLE.modules.test(key));
if (!consoleKeys.length) throw new Error(`The manifest has no chunk for ${CONSOLE.modules}: update scripts/budget.ts`);
const consoleSize = kb([...staticClosure(manifest, consoleKeys)].filter((chunk) => !firstPaint.get(ENTRY)!.has(chunk)));
rows.push({ part: `lazy ${CONSOLE.name} (over ${ENTRY})`, size: consoleSize, budgetKb: CONSOLE.budgetKb });
if (consoleSize > CONSOLE.budgetKb)
  failures.push(`the ${CONSOLE.name} adds ${consoleSize.toFixed(1)} kB (budget ${CONSOLE.budgetKb} kB)`);
for (const [name, chunks] of firstPaint) {
  const onIt = consoleKeys.filter((key) => chunks.has(key));
  if (onIt.length) failures.push(`the ${CONSOLE.name} (${onIt.join(', ')}) is on the first paint of ${name}`);
}

console.log('JavaScript budget (gzip, kB):');
for (const row of rows) {
  const verdict = row.size > row.budgetKb ? 'OVER' : 'ok';
  console.log(
    `  ${row.part.padEnd(42)} ${row.size.toFixed(1).padStart(7)} / ${String(row.budgetKb).padStart(3)}  ${verdict}`,
  );
}
if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
