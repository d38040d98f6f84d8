import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/production-server.ts';
import { startServer, waitForHealth } from '../helpers/child-server.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';

/**
 * An outage of PostgreSQL under load: the real server as a child process on a PostgreSQL of the test's own
 * (initdb into a temporary directory, on a free port), reading and writing without pause while that database is
 * stopped for about ten seconds and started again. Every request that failed for want of the database answered
 * 503 with Retry-After (never a 500), health recovered by itself, the job worker paused and resumed, and every
 * write answered 2xx is in the database.
 */
const POSTGRES_BIN = readdirSync('/usr/lib/postgresql')
  .map((version) => `/usr/lib/postgresql/${version}/bin`)
  .find((bin) => existsSync(`${bin}/initdb`));
const OUTAGE_MS = 10_000;

const root = mkdtempSync(path.join(tmpdir(), 'restay-outage-'));
const clusterDir = path.join(root, 'cluster');
let port = 0;

/** Runs a PostgreSQL program; as root, as the postgres user (PostgreSQL refuses to run as root). */
function postgresCommand(program: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, prefix] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', `${POSTGRES_BIN}/${program}`]]
    : [`${POSTGRES_BIN}/${program}`, []];
  execFileSync(command, [...prefix, ...args], { stdio: 'pipe' });
}

const startPostgres = () =>
  postgresCommand('pg_ctl', [
    '-D',
    clusterDir,
    '-l',
    path.join(clusterDir, 'server.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${clusterDir}`,
    '-w',
    'start',
  ]);
// Fast: the server ends every session at once (57P01 to the connections in use), as a restart or failover does.
const stopPostgres = () => postgresCommand('pg_ctl', ['-D', clusterDir, '-m', 'fast', '-w', 'stop']);

beforeAll(() => {
  if (!POSTGRES_BIN) throw new Error('PostgreSQL server binaries are missing: apt-get install -y postgresql');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(root, uid, gid);
  }
  postgresCommand('initdb', ['-D', clusterDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
});
afterAll(() => {
  try {
    stopPostgres();
  } catch {
    // Already stopped.
  }
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  at: number;
  kind: 'read' | 'write' | 'health';
  status: number;
  code?: string;
  retryAfter: string | null;
  savedSearchId?: string;
}

describe('a database outage under load', () => {
  it('answers only 503s while PostgreSQL is down, recovers by itself, and keeps every write it acknowledged', async () => {
    port = await freePort();
    startPostgres();
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const apiPort = await freePort();
    const url = `http://127.0.0.1:${apiPort}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-outage-data-'));
    const server = startServer({
      ...PROJECT_AUTH_ENV,
      PORT: String(apiPort),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    });
    const answers: Answer[] = [];
    let loading = true;
    try {
      await waitForHealth(url, server.exited, server.output);

      const ask = async (kind: Answer['kind'], pathname: string, init?: RequestInit) => {
        const at = Date.now();
        try {
          const reply = await fetch(url + pathname, { ...init, signal: AbortSignal.timeout(15_000) });
          const body = (await reply.json()) as { code?: string; data?: { id?: string } };
          const savedSearchId = kind === 'write' && reply.ok ? body.data?.id : undefined;
          answers.push({
            at,
            kind,
            status: reply.status,
            code: body.code,
            retryAfter: reply.headers.get('retry-after'),
            savedSearchId,
          });
        } catch (error) {
          throw new Error(`${kind} ${pathname} got no answer`, { cause: error });
        }
      };
      const write = async () => {
        const id = randomUUID();
        const token = await projectToken(id, `outage-${id.slice(0, 8)}@example.com`);
        await ask('write', '/api/saved-searches', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Stays in Lisbon', query: { location: 'Lisbon' }, frequency: 'daily' }),
        });
      };
      // A little load: two readers (a search no cache can answer, and health) and a writer, each in turn.
      const load = async (step: () => Promise<void>) => {
        while (loading) {
          await step();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const reader = () => ask('read', `/api/listings?minPrice=${Math.floor(Math.random() * 1000)}`);
      const running = Promise.all([load(reader), load(() => ask('health', '/api/health')), load(write)]);

      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const outageFrom = Date.now();
      stopPostgres();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      startPostgres();
      const outageTo = Date.now();
      await waitForHealth(url, server.exited, server.output);
      const recoveredAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      loading = false;
      await running;

      // Never a 500: what failed for want of the database said so, with when to try again.
      expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(answer).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: expect.stringMatching(/^\d+$/) });
      }
      const during = answers.filter((answer) => answer.at > outageFrom + 500 && answer.at < outageTo);
      expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(5);
      expect(during.filter((answer) => answer.kind === 'write' && answer.status < 300)).toEqual([]);
      // Recovered by itself: health, reads and writes answer again.
      expect(recoveredAt - outageTo).toBeLessThan(30_000);
      const after = answers.filter((answer) => answer.at > recoveredAt);
      for (const kind of ['read', 'write', 'health'] as const)
        expect(after.filter((a) => a.kind === kind && a.status < 300).length, kind).toBeGreaterThan(0);
      // The job worker said it paused, and that it resumed.
      await expect.poll(() => server.output().includes('the job worker resumes'), { timeout: 10_000 }).toBe(true);
      expect(server.output()).toContain('the job worker pauses: the database cannot be reached');
      // No loop logged an error for each round the database was away: each says it pauses, once.
      for (const failed of ['lapsed-hold sweep failed', 'listing expiry sweep failed', 'delivery round failed'])
        expect(server.output()).not.toContain(failed);
      for (const pauses of server.output().match(/[\w’ -]+ pauses: the database cannot be reached/g) ?? [])
        expect(server.output().split(pauses).length - 1, pauses).toBe(1);

      // Every write answered 2xx is in the database.
      const acknowledged = answers.flatMap((answer) => answer.savedSearchId ?? []);
      expect(acknowledged.length).toBeGreaterThan(5);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const stored = await client.query<{ id: string }>('select id from saved_searches where id = any($1::uuid[])', [
          acknowledged,
        ]);
        expect(stored.rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
      } finally {
        await client.end();
      }
    } finally {
      loading = false;
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
