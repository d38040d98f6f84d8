/**
 * Runs `work` now and every `everyMs`, one round at a time (a slow round is never overlapped). The timer does
 * not keep the process alive. The returned stop waits for a round in progress, so shutdown can close the
 * database only after the last query of every loop.
 */
export function startBackgroundLoop(work: () => Promise<unknown>, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = work()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async (): Promise<void> => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
