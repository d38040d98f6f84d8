/**
 * npm run fuzz [-- --requests=12000 --seed=<n> --concurrency=16]
 * The long run of the fuzz suite: starts the app with the built-in auth server and every stand-in on a free
 * port with a fresh database (PGlite in memory, or a scratch PostgreSQL database when TEST_DATABASE_URL is set),
 * sends malformed requests to every mounted route and fails when any reply is a 5xx, is not in its error shape,
 * leaks a stack or SQL, or when any table changed. A failure prints its seed, so the run replays exactly.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { dataFingerprint, fuzz } from '../tests/helpers/reliability/fuzz.ts';
import { prepareFuzzTarget } from '../tests/helpers/reliability/fuzz-setup.ts';
import { TEST_PUBLIC_URL } from '../tests/helpers/supabase-client.ts';
import { createScratchPostgresDatabase } from '../tests/helpers/test-database.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '12000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '16' },
  },
});
const count = Number(values.requests);
const seed = Number(values.seed);

/**
 * A migrated scratch database of the script's own (the test run's prepared templates exist only under vitest):
 * in-memory PGlite, or a new PostgreSQL database beside TEST_DATABASE_URL, dropped afterwards.
 */
async function scratchDatabase(): Promise<TestServer['database']> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
    await migrate(handle);
    return { ...handle, url: undefined, dispose: () => handle.close() };
  }
  const database = await createScratchPostgresDatabase(adminUrl);
  await migrate(database);
  return database;
}

const database = await scratchDatabase();
const server = await startTestServer({
  env: { PUBLIC_URL: TEST_PUBLIC_URL },
  authRateLimits: { token: 1_000_000, signIn: 1_000_000 },
  database,
});
try {
  const target = await prepareFuzzTarget(server);
  console.log(
    `fuzz: ${count} requests over ${target.routes.length} routes, seed ${seed}, database ${server.database.kind}`,
  );
  const before = await dataFingerprint(server.database.db);
  const started = performance.now();
  const report = await fuzz(target, { count, seed, concurrency: Number(values.concurrency) });
  const seconds = (performance.now() - started) / 1000;
  const changed = Object.entries(await dataFingerprint(server.database.db)).filter(
    ([table, print]) => before[table] !== print,
  );
  const health = await server.request('/api/health');

  console.log(`sent ${report.sent} in ${seconds.toFixed(1)} s (${(report.sent / seconds).toFixed(0)}/s)`);
  console.log(
    'statuses:',
    Object.entries(report.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
  );
  console.log(`routes covered: ${Object.keys(report.perRoute).length}/${target.routes.length}`);
  for (const failure of report.failures.slice(0, 20))
    console.log(`FAIL ${failure.status} ${failure.problems.join('; ')}\n  ${failure.request}`);
  console.log(
    `failures: ${report.failures.length}; tables changed: ${changed.map(([t]) => t).join(', ') || 'none'}; health afterwards: ${health.status}`,
  );
  const ok =
    report.failures.length === 0 &&
    changed.length === 0 &&
    health.status === 200 &&
    Object.keys(report.perRoute).length === target.routes.length;
  if (!ok) console.log(`replay with: npm run fuzz -- --requests=${count} --seed=${seed}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.close();
  await database.dispose();
}
