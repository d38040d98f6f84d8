/**
 * The embedded PGlite database, running in its own thread (see pglite-thread.ts for why). The first message says
 * where the database is; each later one is answered as it comes: the main thread's driver already hands the single
 * session to one caller at a time, so a transaction's statements arrive together, and PGlite runs its statements
 * one after another.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  DATABASE_ERROR_FIELDS,
  type PGliteErrorDetails,
  type PGliteNotice,
  type PGliteOpen,
  type PGliteReply,
  type PGliteRequest,
} from './pglite-protocol.ts';
import { preparedStatements } from './pglite-statements.ts';

const port = parentPort!;

// PostgreSQL's defaults size shared memory for a server of 100 connections with 128 MB of buffers; PGlite builds
// that memory in WebAssembly on every start, which was about a third of a warm start's CPU. One process's single
// session needs a fraction of it (reads past the buffers come from the OS's file cache); the lock table keeps
// about its former size (max_locks_per_transaction x backends), so a migration locking many tables still fits.
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'max_connections=5', 'max_locks_per_transaction=256'];

// Search (migration 0004) needs trigram indexes over unaccented text; PGlite ships both as extensions.
// Starting from a dump skips creating the cluster (initdb), which is most of an empty database's start-up.
function openPGlite({ dataDir, loadFrom }: PGliteOpen['open']) {
  return new PGlite({
    dataDir,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
    loadDataDir: loadFrom ? new Blob([readFileSync(loadFrom)]) : undefined,
  });
}

/** DISCARD ALL and DEALLOCATE drop the session's prepared statements (the test databases' reset runs the first). */
const FORGETS_STATEMENTS = /\b(discard|deallocate)\b/i;

type Statements = ReturnType<typeof preparedStatements>;

async function answer(pglite: PGlite, statements: Statements, request: PGliteRequest): Promise<PGliteReply> {
  switch (request.kind) {
    case 'query': {
      const result = await statements.query(request.sql, request.parameters);
      return { id: request.id, rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'script': {
      try {
        const last = (await pglite.exec(request.sql)).at(-1);
        return { id: request.id, rows: last?.rows ?? [], affectedRows: last?.affectedRows };
      } finally {
        // Even when a later statement of the script failed, an earlier one may have dropped them.
        if (FORGETS_STATEMENTS.test(request.sql)) await pglite.runExclusive(() => statements.forgetAll());
      }
    }
    case 'dump': {
      const tar = await pglite.dumpDataDir('none');
      writeFileSync(request.path, new Uint8Array(await tar.arrayBuffer()));
      return { id: request.id, rows: [] };
    }
    case 'listen':
      // PGlite delivers a notification once the transaction that sent it commits, as PostgreSQL does.
      await pglite.listen(request.channel, () => port.postMessage({ notice: request.channel } satisfies PGliteNotice));
      return { id: request.id, rows: [] };
    case 'close':
      if (!pglite.closed) await pglite.close();
      return { id: request.id, rows: [] };
  }
}

/** Database errors keep their SQLSTATE and details. */
function describeError(error: unknown): PGliteErrorDetails {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & Record<string, unknown>;
  return { message: error.message, ...Object.fromEntries(DATABASE_ERROR_FIELDS.map((name) => [name, fields[name]])) };
}

// The first message says where the database is: the thread may be started before that is known, and loads PGlite's
// code meanwhile (main.ts). Requests may come before the database is open (the server builds its app meanwhile):
// each waits for it, and they keep their order, as each continues from the same promise.
port.once('message', ({ open }: PGliteOpen) => {
  const pglite = openPGlite(open);
  const statements = preparedStatements(pglite);
  port.on('message', (request: PGliteRequest) => {
    pglite.waitReady
      .then(() => answer(pglite, statements, request))
      .then(
        (reply) => port.postMessage(reply),
        (error: unknown) => port.postMessage({ id: request.id, error: describeError(error) } satisfies PGliteReply),
      );
  });
  pglite.waitReady.then(
    () => port.postMessage({ id: 0, rows: [] } satisfies PGliteReply),
    (error: unknown) => port.postMessage({ id: 0, error: describeError(error) } satisfies PGliteReply),
  );
});
