import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's entry point compiled once for this run (see `startServer`). */
    serverEntry: string;
    /** The bundle's files holding any stand-in module (server/standins/): loaded only where stand-ins are chosen. */
    standInFiles: string[];
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles server/main.ts once per run (vitest globalSetup of the server project), for the tests that run the
 * server as a child process. Under tsx every such process compiled and resolved each source file again, about
 * 3 of the 6 CPU-seconds a start took on the 2-core machine, and those tests start fifteen processes.
 *
 * The database's worker thread and the migrations sit beside the bundle, where the server looks for them
 * (relative to its own file). Library packages stay external, loaded from node_modules as `npm start` does,
 * so the directory lives inside the repository. Dynamic imports get files of their own (code splitting), as the
 * stand-in wing's does: a process that never chooses a stand-in never loads its file.
 */
export default async function bundleServer(project: TestProject) {
  const cache = path.join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'restay-test-server-'));
  const { metafile } = await build({
    entryPoints: {
      main: path.join(ROOT, 'server/main.ts'),
      'pglite-worker': path.join(ROOT, 'server/db/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  project.provide('serverEntry', path.join(outdir, 'main.js'));
  const standInFiles = Object.entries(metafile.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith('server/standins/')))
    .map(([file]) => path.resolve(ROOT, file));
  project.provide('standInFiles', standInFiles);
  return () => rmSync(outdir, { recursive: true, force: true });
}
