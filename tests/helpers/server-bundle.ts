import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/server-bundle.ts';

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
 * Compiles the server once per run (vitest globalSetup of the server project), as `npm run build:server` does,
 * for the tests that run the server as a child process: under tsx every such process compiled and resolved each
 * source file again. The directory lives inside the repository, so the bundle finds node_modules.
 */
export default async function bundleServerOnce(project: TestProject) {
  const cache = path.join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'restay-test-server-'));
  const metafile = await bundleServer(outdir);
  project.provide('serverEntry', path.join(outdir, 'main.js'));
  const standInFiles = Object.entries(metafile.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith('server/standins/')))
    .map(([file]) => path.resolve(ROOT, file));
  project.provide('standInFiles', standInFiles);
  return () => rmSync(outdir, { recursive: true, force: true });
}
