import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGliteThread } from './pglite-thread.ts';

/**
 * A Kysely dialect over PGlite (in its worker thread). PGlite is one connection, so the driver hands it to one
 * caller at a time: a transaction holds it from BEGIN to COMMIT and every other query waits its turn, as it
 * would for a pool of size one. (The published kysely-pglite-dialect does not support the PGlite 0.5 line we use.)
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteThread) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(pglite: PGliteThread) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    // The thread is started, and the database open, before the dialect is made.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release?.();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy() {
    // Lets the queries in flight finish; the thread itself is closed by the database handle, which owns it.
    await this.queue;
  }
}

class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  constructor(private readonly pglite: PGliteThread) {}

  /**
   * As node-postgres does, a query without parameters goes through the simple protocol, which accepts several
   * statements (a migration script run with `sql.raw`); one with parameters through the extended protocol.
   */
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result =
      compiledQuery.parameters.length === 0
        ? await this.pglite.simpleQuery(compiledQuery.sql)
        : await this.pglite.query(compiledQuery.sql, compiledQuery.parameters);
    const rows = result.rows as R[];
    return result.affectedRows !== undefined && result.affectedRows > 0
      ? { rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
