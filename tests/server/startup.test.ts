import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Runs the real entry point (server/main.ts) as a child process, the way `npm start` does. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  for (let attempt = 0; attempt < 150 && !done; attempt++) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('start-up', () => {
  it('stops with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('refuses to start in production with only the development sign-in page', async () => {
    const server = startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example:587', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('only the development sign-in page exists');
  });

  it('refuses to start in production without SMTP_URL', async () => {
    const supabase = { SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_ANON_KEY: 'anon' };
    const server = startServer({ NODE_ENV: 'production', ...supabase, DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SMTP_URL: required when NODE_ENV=production');
  });

  it('fails fast with a clear message when DATABASE_URL is unreachable', async () => {
    const started = Date.now();
    const server = startServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/restay', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Cannot connect to the database at DATABASE_URL');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('seeds an empty data directory once, keeps rows across a restart, and stops cleanly on SIGTERM', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = startServer(env);
    await waitForHealth(url, first.exited);
    const listings = (await (await fetch(`${url}/api/listings`)).json()).meta.total;
    expect(listings).toBeGreaterThanOrEqual(35);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('demo data seeded');

    const second = startServer(env);
    await waitForHealth(url, second.exited);
    expect((await (await fetch(`${url}/api/listings`)).json()).meta.total).toBe(listings);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('demo data seeded');
  }, 60_000);
});
