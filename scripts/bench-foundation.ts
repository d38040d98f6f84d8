/**
 * `npm run bench:foundation`: the foundation's speed targets, measured on the production build.
 *  1. Start-up: with the build present and the embedded database already created, the time from spawning the
 *     server to the first 200 from /api/health (target: within 5 s). Three cold starts.
 *  2. GET /api/listings on the demo data: latency over loopback with one connection for 10 s, an upper bound
 *     of server time (target: under 20 ms).
 */
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3917);
const BASE = `http://127.0.0.1:${PORT}`;

async function startServer(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsedMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { elapsedMs, stop };
}

async function measureListings() {
  const first = await fetch(`${BASE}/api/listings`);
  if (!first.ok) throw new Error(`GET /api/listings answered ${first.status}: ${await first.text()}`);
  const count = ((await first.json()) as { data: unknown[] }).data.length;
  const result = await autocannon({ url: `${BASE}/api/listings`, connections: 1, duration: 10 });
  return { count, result };
}

async function main() {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html'))
    execSync('npm run build', { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-bench-'));
  try {
    const first = await startServer(dataDir);
    console.log(`First start (creates, migrates and seeds the database): ${first.elapsedMs.toFixed(0)} ms`);
    await first.stop();

    const starts: number[] = [];
    for (let run = 0; run < 3; run++) {
      const server = await startServer(dataDir);
      starts.push(server.elapsedMs);
      await server.stop();
    }
    console.log(
      `Start-up to healthy, existing database: ${starts.map((ms) => ms.toFixed(0)).join(' / ')} ms (target < 5000)`,
    );

    const server = await startServer(dataDir);
    const { count, result } = await measureListings().finally(server.stop);
    // Latency of failed requests is no search latency: a run with any is no measurement.
    if (result['2xx'] === 0 || result.non2xx > 0 || result.errors > 0)
      throw new Error(
        `GET /api/listings under load: ${result['2xx']} succeeded, ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
    const { p50, p97_5, p99 } = result.latency;
    console.log(
      `GET /api/listings (${count} listings), 1 connection, 10 s: ${result.requests.total} requests, ` +
        `p50 ${p50} ms, p97.5 ${p97_5} ms, p99 ${p99} ms (target < 20)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
