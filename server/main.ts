import { PGliteThread } from './db/pglite-thread.ts';

// The embedded database takes most of a warm start to open in its own thread, so that thread starts first and
// loads PGlite's code while this one loads the configuration and the server's modules (ADR 0071). DATABASE_URL
// is only a hint here, sparing a PostgreSQL deployment the thread; the configuration decides, and an unused
// thread is discarded.
const databaseThread = process.env.DATABASE_URL ? undefined : PGliteThread.prepare();
const { startServer } = await import('./start-server.ts');
await startServer(databaseThread);
