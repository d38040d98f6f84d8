import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Runs the real entry point (server/main.ts, compiled once per run by server-bundle.ts) as a child process, the
 * way `npm start` runs its build.
 */
export function startServer(env: Record<string, string>, nodeOptions: string[] = []) {
  const child = spawn(process.execPath, [...nodeOptions, inject('serverEntry')], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Polls /api/health until it answers, for up to 90 s; fails at once if the process exits first, with what the
 * process wrote when `output` is given.
 */
export async function waitForHealth(url: string, exited: Promise<unknown>, output?: () => string) {
  let done = false;
  void exited.then(() => (done = true));
  for (let attempt = 0; attempt < 450 && !done; attempt++) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy${output ? `:\n${output()}` : ''}`);
}

/**
 * Puts a created and migrated embedded database in `dataDir` (a copy of the run's template), for tests about
 * something other than a first start: the server then skips seconds of creating the database. Answers `dataDir`.
 */
export function withMigratedDatabase(dataDir: string) {
  cpSync(inject('databaseTemplates').embedded.migratedDataDir, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
