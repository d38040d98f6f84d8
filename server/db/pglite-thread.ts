import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  PGliteErrorDetails,
  PGliteNotice,
  PGliteReply,
  PGliteRequest,
  PGliteWorkerData,
} from './pglite-protocol.ts';

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

  private constructor(dataDir: string | undefined, loadFrom: string | undefined) {
    const workerData: PGliteWorkerData = { dataDir, loadFrom };
    const [entry, options] = workerEntry();
    this.worker = new Worker(entry, { ...options, workerData });
    this.worker.on('message', (message: PGliteReply | PGliteNotice) =>
      'notice' in message ? this.notify(message.notice) : this.settle(message),
    );
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /** Starts the worker and waits until the database is open; rejects when it cannot be opened. */
  static async start(dataDir: string | undefined, loadFrom?: string): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, loadFrom);
    try {
      await new Promise<void>((resolve, reject) => thread.pending.set(0, { resolve: () => resolve(), reject }));
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
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
