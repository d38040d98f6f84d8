import type { DatabaseHandle } from '../../server/db/client.ts';
import { latencySummary } from '../bench-data/latency.ts';
import type { NextSearch } from './mixes.ts';
import { apiRound, sqlRound, type ApiRound } from './rounds.ts';
import { startServer, stopServer, type BenchServer } from './server.ts';

/** Unrecorded load before a phase's first round: JIT compilation, connection pools and caches warm up. */
const WARM_UP_SECONDS = 3;

export interface BenchDatabase {
  /** The bench's own connection; under PGlite it is closed while the server holds the data directory. */
  handle: DatabaseHandle;
  open: () => Promise<DatabaseHandle>;
  /** Where the server finds the database: PGlite's data directory, or PostgreSQL's URL. */
  server: { dataDir: string } | { url: string };
}

export interface PathFigures {
  api: ReturnType<typeof latencySummary>;
  sql: ReturnType<typeof latencySummary>;
}

/**
 * One phase: the same kind of searches through the API and straight through the query layer, in `rounds`
 * alternating rounds of `seconds` each (API, SQL, API, SQL, ...) after a warm-up. The host's speed drifts by tens
 * of percent over tens of seconds (a shared VM), and two back-to-back phases would compare two hosts as much as
 * two code paths; alternating short rounds gives both the same mix of fast and slow moments. Under PGlite each
 * switch hands the data directory between processes (a server restart).
 */
export async function comparePaths(
  database: BenchDatabase,
  next: NextSearch,
  { rounds, seconds, connections }: { rounds: number; seconds: number; connections: number },
): Promise<PathFigures> {
  const pglite = 'dataDir' in database.server;
  const apiRounds: ApiRound[] = [];
  const sqlRounds: number[][] = [];
  let server: BenchServer | undefined;
  try {
    for (let round = 0; round <= rounds; round++) {
      const warmUp = round === 0;
      const length = warmUp ? WARM_UP_SECONDS : seconds;
      if (!server) {
        // One process at a time may open a PGlite directory: the server and this process take turns.
        if (pglite) await database.handle.close();
        server = await startServer(database.server);
      }
      const api = await apiRound(server.base, next, length, connections);
      if (pglite) {
        await stopServer(server.child);
        server = undefined;
        database.handle = await database.open();
      }
      const direct = await sqlRound(database.handle, next, length, connections);
      if (warmUp) continue;
      apiRounds.push(api);
      sqlRounds.push(direct);
      const ratio =
        latencySummary(api.latencies, `API search in round ${round}`).p50 /
        latencySummary(direct, `SQL search in round ${round}`).p50;
      console.log(
        `  round ${round}: API ${(api.latencies.length / seconds).toFixed(0)} req/s, SQL ${(direct.length / seconds).toFixed(0)} searches/s, p50 ratio ${ratio.toFixed(2)}`,
      );
    }
  } finally {
    if (server) await stopServer(server.child);
  }

  const apiLatencies = apiRounds.flatMap((r) => r.latencies);
  const api = latencySummary(apiLatencies, 'API search');
  const sum = (pick: (r: ApiRound) => number) => apiRounds.reduce((total, r) => total + pick(r), 0);
  const duration = rounds * seconds;
  console.log(
    `  API: ${apiLatencies.length} requests; requests/s ${(apiLatencies.length / duration).toFixed(0)}; non-2xx ${sum((r) => r.non2xx)}; errors ${sum((r) => r.errors)}`,
  );
  console.log(`    latency ms: ${api.text}`);
  const sqlLatencies = sqlRounds.flat();
  const sql = latencySummary(sqlLatencies, 'SQL search');
  console.log(`  SQL: ${sqlLatencies.length} searches; latency ms: ${sql.text}`);
  console.log(`  API/SQL p50 ratio: ${(api.p50 / sql.p50).toFixed(2)}`);
  return { api, sql };
}
