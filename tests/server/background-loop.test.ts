import { describe, expect, it } from 'vitest';
import { startBackgroundLoop } from '../../server/background-loop.ts';

describe('background loops', () => {
  it('stop waits for the round in progress, so shutdown never closes the database under a query', async () => {
    let finishRound!: () => void;
    let rounds = 0;
    const stop = startBackgroundLoop(
      () => {
        rounds++;
        return new Promise<void>((resolve) => (finishRound = resolve));
      },
      60_000,
      () => {},
    );
    expect(rounds).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finishRound();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('can wait before its first round, and a stop before then runs none', async () => {
    let rounds = 0;
    const stop = startBackgroundLoop(
      async () => void rounds++,
      60_000,
      () => {},
      { firstAfterMs: 20 },
    );
    expect(rounds).toBe(0);
    await expect.poll(() => rounds).toBe(1);
    await stop();
    const never = startBackgroundLoop(
      async () => void rounds++,
      60_000,
      () => {},
      { firstAfterMs: 20 },
    );
    await never();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(rounds).toBe(1);
  });

  it('tells the round in progress that the loop is stopping, so a long round can end early', async () => {
    let signal: AbortSignal | undefined;
    const stop = startBackgroundLoop(
      (stopping) => {
        signal = stopping;
        return new Promise<void>((resolve) => stopping.addEventListener('abort', () => resolve()));
      },
      60_000,
      () => {},
    );
    expect(signal?.aborted).toBe(false);
    await stop();
    expect(signal?.aborted).toBe(true);
  });

  it('never overlaps rounds and reports a failed round without stopping', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const stop = startBackgroundLoop(
      async () => {
        calls++;
        throw new Error('database away');
      },
      5,
      (error) => errors.push(error),
    );
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await stop();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(after);
  });

  it('runs a round at once when woken, and after the round in progress when woken during it (once for many)', async () => {
    let rounds = 0;
    let finishRound: () => void = () => {};
    const stop = startBackgroundLoop(
      () => {
        rounds++;
        return new Promise<void>((resolve) => (finishRound = resolve));
      },
      60_000,
      () => {},
      { firstAfterMs: 60_000 },
    );
    stop.wake();
    expect(rounds).toBe(1);
    stop.wake();
    stop.wake();
    expect(rounds).toBe(1);
    finishRound();
    await expect.poll(() => rounds).toBe(2);
    finishRound();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds).toBe(2);
    await stop();
    stop.wake();
    expect(rounds).toBe(2);
  });
});
