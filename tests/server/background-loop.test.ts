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

  it('says once that it pauses while the database cannot be reached, and once that it resumes', async () => {
    const said: string[] = [];
    const errors: unknown[] = [];
    const logger = {
      warn: (_: unknown, message: string) => said.push(message),
      info: (message: string) => said.push(message),
    };
    // Three rounds find the database out of reach, then one fails for another reason, then they succeed.
    const outcomes = ['out', 'out', 'out', 'bug', 'ok', 'ok'];
    let rounds = 0;
    const loop = startBackgroundLoop(
      async () => {
        const outcome = outcomes[rounds++];
        if (outcome === 'out')
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        if (outcome === 'bug') throw new Error('column "nope" does not exist');
      },
      60_000,
      (error) => errors.push(error),
      { quietThroughOutages: { logger: logger as never, what: 'the sweep' } },
    );
    for (let round = 1; round < outcomes.length; round++) {
      await expect.poll(() => rounds).toBe(round);
      loop.wake();
    }
    await expect.poll(() => rounds).toBe(outcomes.length);
    await loop();
    expect(said).toEqual([
      'the sweep pauses: the database cannot be reached',
      'the sweep resumes: the database answers again',
    ]);
    expect(errors.map((error) => (error as Error).message)).toEqual(['column "nope" does not exist']);
  });
});
