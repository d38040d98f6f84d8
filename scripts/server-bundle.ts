import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Compiles the API (server/main.ts and what it imports, contract/ included) into `outdir`: what `npm start`
 * runs and what the tests that start the server as a child process run. Loading some 300 compiled files one by
 * one cost about a second of a warm start's CPU in module resolution alone; a bundle is a handful of files.
 *
 * The database's worker thread and the migrations sit beside the bundle, where the server looks for them
 * (relative to its own file). Library packages are bundled too: resolving and reading Express's, Stripe's
 * and the others' hundreds of files one by one cost about 200 ms of a warm start. Dynamic imports get files of
 * their own (code splitting), as the stand-in wing's does: a process that never chooses a stand-in never loads
 * its file.
 */

/**
 * Packages loaded from node_modules at run time: PGlite finds its WebAssembly and data files beside its own
 * module, and pino starts transports from files of its own in worker threads.
 */
const UNBUNDLED_PACKAGES = ['@electric-sql/pglite', 'pino'];

/** Bundled CommonJS packages `require` Node's built-in modules; an ES module has no `require` of its own. */
const REQUIRE_FOR_BUNDLED_COMMONJS =
  "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

export async function bundleServer(outdir: string): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: {
      main: path.join(ROOT, 'server/main.ts'),
      'pglite-worker': path.join(ROOT, 'server/db/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    metafile: true,
    external: UNBUNDLED_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: REQUIRE_FOR_BUNDLED_COMMONJS },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return metafile;
}
