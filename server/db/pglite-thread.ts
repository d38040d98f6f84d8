import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { PGliteErrorDetails, PGliteNotice, PGliteOpen, PGliteReply, PGliteRequest } from './pglite-protocol.ts';

/**
 * V8 compiles PostgreSQL's WebAssembly a function at a time, quickly, and compiles a function again, optimised,
 * once it has run code worth its tiering budget (1.8 MB by default). Opening the database runs so much once that
 * hundreds of functions crossed it, and their optimising compiles took the CPU the start needed. Functions that
 * keep running, as queries do, are still optimised, later (ADR 0071). A V8 flag is the whole process's; it is set
 * before any thread compiles the database.
 */
const WASM_TIERING_BUDGET = '--wasm-tiering-budget=400000000';

/** A database thread loading PGlite's code, not yet told where the database is. */
export interface PreparedPGliteThread {
  /**
   * Opens the database (in memory without `dataDir`; a copy of `loadFrom`'s dump when given) and answers at once:
   * requests sent before it is open wait in the thread for it. `opened` settles when it is open, or rejects, the
   * thread ended, when it cannot be.
   */
  open(dataDir: string | undefined, loadFrom?: string): { thread: PGliteThread; opened: Promise<void> };
  /** Ends the thread unused. */
  discard(): void;
}

type Pending = { resolve: (reply: PGliteReply & { error?: undefined }) => void; reject: (error: Error) => void };
/** A request before the thread numbers it (Omit over each member of the union, not over the union). */
type Request = PGliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The embedded database in a worker thread. PGlite runs PostgreSQL (WebAssembly) synchronously on the thread
 * that calls it; on the main thread every query would stop the HTTP server for its whole duration, so under
 * load requests queued behind each other's SQL. In its own thread the database works while the main thread
 * parses requests and writes replies (ADR 0006).
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;
  private readonly listeners = new Map<string, Set<() => void>>();

  private constructor() {
    setFlagsFromString(WASM_TIERING_BUDGET);
    const [entry, options] = workerEntry();
    this.worker = new Worker(entry, options);
    this.worker.on('message', (message: PGliteReply | PGliteNotice) =>
      'notice' in message ? this.notify(message.notice) : this.settle(message),
    );
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /** Starts the worker and waits until the database is open; rejects when it cannot be opened. */
  static async start(dataDir: string | undefined, loadFrom?: string): Promise<PGliteThread> {
    const { thread, opened } = PGliteThread.prepare().open(dataDir, loadFrom);
    await opened;
    return thread;
  }

  /** Starts a worker that loads PGlite's code before it is known where the database is. */
  static prepare(): PreparedPGliteThread {
    const thread = new PGliteThread();
    return {
      open: (dataDir, loadFrom) => thread.open(dataDir, loadFrom),
      discard: () => void thread.worker.terminate(),
    };
  }

  private open(dataDir: string | undefined, loadFrom: string | undefined) {
    this.worker.postMessage({ open: { dataDir, loadFrom } } satisfies PGliteOpen);
    const opened = new Promise<void>((resolve, reject) =>
      this.pending.set(0, { resolve: () => resolve(), reject }),
    ).catch(async (error: unknown) => {
      await this.worker.terminate();
      throw error;
    });
    return { thread: this, opened };
  }

  query(sql: string, parameters: readonly unknown[]) {
    return this.send({ kind: 'query', sql, parameters });
  }

  /** Runs SQL through the simple query protocol, which accepts several statements; answers the last one's result. */
  simpleQuery(sql: string) {
    return this.send({ kind: 'script', sql });
  }

  async script(sql: string) {
    return (await this.simpleQuery(sql)).rows;
  }

  /** Writes the whole database as a tar file that `start(dataDir, loadFrom)` can begin from. */
  async dumpTo(path: string) {
    await this.send({ kind: 'dump', path });
  }

  /**
   * Calls `onNotice` for each notification on `channel` (LISTEN). The LISTEN runs on the single session: call it
   * through the driver's queue, never while another caller's transaction is open (a rollback would undo it).
   */
  async listen(channel: string, onNotice: () => void) {
    const listening = this.listeners.get(channel);
    if (listening) listening.add(onNotice);
    else {
      this.listeners.set(channel, new Set([onNotice]));
      await this.send({ kind: 'listen', channel });
    }
    return () => void this.listeners.get(channel)?.delete(onNotice);
  }

  async close() {
    if (this.failure) return;
    await this.send({ kind: 'close' });
    this.failure = new Error('The embedded database is closed');
    await this.worker.terminate();
  }

  private send(request: Request) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<PGliteReply & { error?: undefined }>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private notify(channel: string) {
    for (const onNotice of this.listeners.get(channel) ?? []) onNotice();
  }

  private settle(reply: PGliteReply) {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (reply.error) waiting?.reject(toError(reply.error));
    else waiting?.resolve(reply);
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * The worker's entry: the compiled file beside this one, or, when running from TypeScript sources (tsx in
 * development, vitest), a small script that registers tsx in the worker first (a worker does not inherit the
 * loader, and Node 20 does not apply `--import tsx` to a worker's entry file).
 */
function workerEntry(): [URL] | [string, { eval: true }] {
  const extension = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./pglite-worker${extension}`, import.meta.url);
  if (extension !== '.ts') return [entry];
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return [script, { eval: true }];
}

/** An Error carrying the database's SQLSTATE and details, as PGlite's own errors do. */
function toError({ message, ...details }: PGliteErrorDetails): Error {
  return Object.assign(new Error(message), details);
}
