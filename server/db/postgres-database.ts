import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';
import { listenOnPostgres } from './pg-listener.ts';
import type { Database } from './schema.ts';

/**
 * Connections one API instance's pool opens at most (each LISTEN has one more of its own): what a PostgreSQL
 * server's `max_connections` must allow per instance.
 */
export const POSTGRES_POOL_SIZE = 10;

/** A pool of connections to PostgreSQL at `url`, checked with one query before it is handed out. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // A client in use whose connection is cut (the database stopped or restarted) emits 'error' besides failing
  // its query; with no listener that event ended the process. Its query's caller gets the error (a 503), and the
  // pool drops the client when it is released, since it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot connect to the database at DATABASE_URL (${redact(url)}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    db,
    kind: 'postgres',
    withScriptSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work(async (script) => {
          const results: pg.QueryResult | pg.QueryResult[] = await client.query(script);
          return (Array.isArray(results) ? results.at(-1)?.rows : results.rows) ?? [];
        });
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotice) => listenOnPostgres(url, channel, onNotice),
    close: () => db.destroy(),
  };
}

/** The connection string without its password, for error messages and logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
