import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface BenchServer {
  child: ChildProcess;
  base: string;
}

/** Starts server/main.ts on the bench database and waits until /api/health answers. */
export async function startServer(database: { url: string } | { dataDir: string }): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Not NODE_ENV=production: it refuses the demo PMS and the test checkout that every configuration without
      // Mews and Stripe keys mounts. A loopback PUBLIC_URL (or DEMO_MODE=true) is how stand-ins are allowed;
      // searches never touch them, and the rest of the settings are production's.
      NODE_ENV: 'development',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'url' in database ? database.url : '',
      DATA_DIR: 'dataDir' in database ? database.dataDir : path.join(tmpdir(), 'restay-bench-unused'),
      // Otherwise production's settings: every outside service real; searches never reach the sign-in, mail,
      // hotel or payment services these name.
      SUPABASE_URL: 'https://bench.supabase.invalid',
      SUPABASE_ANON_KEY: 'bench-anon-key',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MEWS_PLATFORM_URL: 'http://127.0.0.1:9',
      MEWS_CLIENT_TOKEN: 'bench',
      MEWS_ACCESS_TOKENS: 'bench',
      STRIPE_SECRET_KEY: 'sk_live_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_bench_connect',
      TRUST_PROXY: '0',
      CODE_HMAC_KEY: randomBytes(32).toString('hex'),
      ALERTS_SECRET: randomBytes(32).toString('hex'),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `the API server (server/main.ts) exited with code ${child.exitCode} before it was healthy: its error is above`,
      );
    if (
      await fetch(`${base}/api/health`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return { child, base };
    if (Date.now() > deadline) {
      await stopServer(child);
      throw new Error('the API server (server/main.ts) did not become healthy within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
