import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export interface StartedBuild {
  base: string;
  /** The server's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** SIGTERM, resolved once the server has exited (it finishes what it was doing first). */
  stop: () => Promise<void>;
}

/**
 * Starts the production build (dist/, built first when missing) on a free loopback port with `dataDir` and the
 * database at `databaseUrl` (empty: PGlite in `dataDir`), and waits until /api/health answers. A loopback
 * PUBLIC_URL lets it mount its embedded stand-ins, as a person trying the product locally gets them;
 * `publicUrl` is another loopback address in front of it (a proxy before several instances).
 */
export async function startProductionBuild(options: {
  dataDir: string;
  databaseUrl?: string;
  nodeEnv?: string;
  env?: Record<string, string>;
  publicUrl?: string;
  port?: number;
}): Promise<StartedBuild> {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    execSync('npm run build', { stdio: 'inherit' });
  }
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: options.nodeEnv ?? 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrl ?? base,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} during start-up`);
    if (
      await fetch(`${base}/api/health`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return { base, pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy within 120 s');
}

/** A loopback port nothing listens on now (the system picks it, so it never collides with one in use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
