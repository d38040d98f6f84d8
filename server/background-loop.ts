import type { Logger } from 'pino';
import { isDatabaseUnreachable } from './db/unreachable.ts';

/** Stops the loop (see startBackgroundLoop); `wake` runs a round now instead of at the next tick. */
export type BackgroundLoop = (() => Promise<void>) & { wake(): void };

/**
 * Runs `work` now (or after `firstAfterMs`) and every `everyMs`, one round at a time (a slow round is never overlapped). The timer does
 * not keep the process alive. The returned stop waits for a round in progress, so shutdown can close the
 * database only after the last query of every loop; `work` is told through its signal, so a long round can end
 * at its next step instead of running to the end. Its `wake` starts a round at once, or, during one, another
 * right after it (the round in progress may have looked before what woke it). With `quietThroughOutages`, rounds
 * failing because the database cannot be reached (all of them, while it is out) are said once when the loop
 * pauses and once when it resumes, and not given to `onError` each round.
 */
export function startBackgroundLoop(
  work: (stopping: AbortSignal) => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
  {
    firstAfterMs = 0,
    quietThroughOutages,
  }: {
    /** When the first round runs: at once by default. */
    firstAfterMs?: number;
    /** Who says that the loop pauses and resumes, and the loop's name in it ("the job worker"). */
    quietThroughOutages?: { logger: Pick<Logger, 'warn' | 'info'>; what: string };
  } = {},
): BackgroundLoop {
  let paused = false;
  const succeeded = () => {
    if (paused) quietThroughOutages?.logger.info(`${quietThroughOutages.what} resumes: the database answers again`);
    paused = false;
  };
  const failed = (error: unknown) => {
    if (!quietThroughOutages || !isDatabaseUnreachable(error)) return onError(error);
    const { logger, what } = quietThroughOutages;
    if (!paused) logger.warn({ err: error }, `${what} pauses: the database cannot be reached`);
    paused = true;
  };
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopped) return;
    running = work(stopping.signal)
      .then(succeeded, failed)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const wake = () => {
    if (stopped) return;
    if (running) again = true;
    else tick();
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  let first: NodeJS.Timeout | undefined;
  if (firstAfterMs > 0) first = setTimeout(tick, firstAfterMs).unref();
  else tick();
  const stop = async (): Promise<void> => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    stopping.abort();
    await running;
  };
  return Object.assign(stop, { wake });
}
