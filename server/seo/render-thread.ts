import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageRenderer } from './page-renderer.ts';

/** Longer than any page takes to draw (tens of milliseconds): a render still running then is stuck. */
const RENDER_LIMIT_MS = 5_000;

// Plain JavaScript, so the thread runs the same from the compiled server and from TypeScript sources. It loads
// the build's renderer once and draws each page it is sent.
const THREAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.entry);
parentPort.on('message', async ({ id, url, served }) => {
  try {
    const { renderPage } = await loading;
    parentPort.postMessage({ id, markup: await renderPage(url, served) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;

type Reply = { id: number; markup: string; error?: undefined } | { id: number; error: string };
type Pending = { resolve: (markup: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * The build's renderer (`entry`, dist/ssr/entry-server.js) run in a worker thread. Drawing a page is synchronous
 * React work (about 30 ms for the marketplace's 24 cards); on the main thread every request arriving meanwhile,
 * an API call or a payment webhook, waited for it. The thread starts with the first page served. A thread that
 * stops, or a render stuck past the limit, fails the pages it was drawing (they are served for their script to
 * draw) and the next page starts a new thread.
 */
export function renderingThread(entry: string, limitMs = RENDER_LIMIT_MS): PageRenderer {
  let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
  let nextId = 1;

  const stop = (current: NonNullable<typeof thread>, error: Error) => {
    if (thread === current) thread = undefined;
    for (const waiting of current.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    current.pending.clear();
    void current.worker.terminate();
  };

  const start = () => {
    const worker = new Worker(THREAD_SCRIPT, { eval: true, workerData: { entry: pathToFileURL(entry).href } });
    // Never what keeps the server's process running.
    worker.unref();
    const current = { worker, pending: new Map<number, Pending>() };
    worker.on('message', (reply: Reply) => {
      const waiting = current.pending.get(reply.id);
      if (!waiting) return;
      current.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if (reply.error === undefined) waiting.resolve(reply.markup);
      else waiting.reject(new Error(reply.error));
    });
    worker.on('error', (error) => stop(current, error));
    worker.on('exit', (code) => stop(current, new Error(`The page rendering thread stopped (exit code ${code})`)));
    return current;
  };

  return (url, served) => {
    const current = (thread ??= start());
    const id = nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => stop(current, new Error(`Drawing ${url} took over ${limitMs} ms; the rendering thread was replaced`)),
        limitMs,
      ).unref();
      current.pending.set(id, { resolve, reject, timer });
      current.worker.postMessage({ id, url, served });
    });
  };
}
