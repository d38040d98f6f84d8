/**
 * Runs `work` now (or after `firstAfterMs`) and every `everyMs`, one round at a time (a slow round is never overlapped). The timer does
 * not keep the process alive. The returned stop waits for a round in progress, so shutdown can close the
 * database only after the last query of every loop; `work` is told through its signal, so a long round can end
 * at its next step instead of running to the end.
 */
export function startBackgroundLoop(
  work: (stopping: AbortSignal) => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
  /** When the first round runs: at once by default. */
  { firstAfterMs = 0 } = {},
) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopped) return;
    running = work(stopping.signal)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  let first: NodeJS.Timeout | undefined;
  if (firstAfterMs > 0) first = setTimeout(tick, firstAfterMs).unref();
  else tick();
  return async (): Promise<void> => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    stopping.abort();
    await running;
  };
}
