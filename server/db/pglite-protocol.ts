/** Messages between the main thread (pglite-thread.ts) and the PGlite worker (pglite-worker.ts). */
/** The thread's first message: where the database is. The thread loads PGlite's code before it comes. */
export interface PGliteOpen {
  open: {
    /** Directory for PGlite's files; undefined keeps everything in memory (tests). */
    dataDir: string | undefined;
    /** A tar file written by a `dump` request: the database starts as that copy (a migrated template, in tests). */
    loadFrom?: string;
  };
}

export type PGliteRequest =
  | { id: number; kind: 'query'; sql: string; parameters: readonly unknown[] }
  /** SQL without parameters, possibly several statements; answers the result of the last one. */
  | { id: number; kind: 'script'; sql: string }
  /** Writes the whole data directory, uncompressed, as a tar file at `path`. */
  | { id: number; kind: 'dump'; path: string }
  | { id: number; kind: 'close' }
  /** LISTEN on `channel`: each notification delivered on it is posted as a PGliteNotice. */
  | { id: number; kind: 'listen'; channel: string };

/** The fields of a database error that cross the thread (a structured clone of an Error keeps only its message). */
export const DATABASE_ERROR_FIELDS = ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity'] as const;

export type PGliteErrorDetails = { message: string } & Partial<Record<(typeof DATABASE_ERROR_FIELDS)[number], unknown>>;

/** A NOTIFY delivered on a channel the main thread listens on (posted by the thread, answering no request). */
export interface PGliteNotice {
  notice: string;
}

/** Id 0 answers start-up: the database is ready, or could not be opened. */
export type PGliteReply =
  | { id: number; rows: Record<string, unknown>[]; affectedRows?: number; error?: undefined }
  | { id: number; error: PGliteErrorDetails };
