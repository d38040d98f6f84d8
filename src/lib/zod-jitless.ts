// The page's Content-Security-Policy forbids eval, so zod's compiled object parsers cannot run in the browser;
// left on, zod still probes for eval once (a reported CSP violation) before falling back. zod keeps its settings
// on this global (what `z.config()` writes), read when a schema is built: main.tsx imports this module first, so
// it is set before any schema exists without putting zod itself on every page's first paint.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: a zod already loaded (a test's) holds this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;
