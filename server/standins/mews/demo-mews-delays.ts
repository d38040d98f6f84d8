import type { Response } from 'express';

/** The longest delay a demo hotel can be given: longer than any caller waits, so "not answering at all". */
export const MAX_DEMO_DELAY_MS = 600_000;

/**
 * How long each demo hotel (by enterprise id) takes to answer a Connector call, in this process's memory:
 * a tester or a test makes one hotel slow or silent and sees the others answer as usual. Not stored: a
 * restart answers promptly again.
 */
export interface DemoMewsDelays {
  set(enterpriseId: string, delayMs: number): void;
  /** Waits the hotel's delay; false when the caller hung up meanwhile (then nothing is answered). */
  hold(enterpriseId: string, res: Response): Promise<boolean>;
}

export function createDemoMewsDelays(): DemoMewsDelays {
  const delays = new Map<string, number>();
  return {
    set(enterpriseId, delayMs) {
      if (delayMs > 0) delays.set(enterpriseId, Math.min(delayMs, MAX_DEMO_DELAY_MS));
      else delays.delete(enterpriseId);
    },
    hold(enterpriseId, res) {
      const delayMs = delays.get(enterpriseId);
      if (!delayMs) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          res.off('close', hungUp);
          resolve(true);
        }, delayMs);
        // A caller that gave up frees the timer at once: a silent hotel holds no memory for ten minutes.
        const hungUp = () => {
          clearTimeout(timer);
          resolve(false);
        };
        res.once('close', hungUp);
      });
    },
  };
}
