import type { RequestHandler } from 'express';
import { AppError } from '../http/errors.ts';

/**
 * The start-up steps whose absence changes an answer: before migrations nothing can be read, before the demo seed
 * the marketplace is empty, and before the hotels join (the demo hotels with their published policy, or the
 * configured hotels' import) a seller or buyer would be refused by a hotel that simply has not been read yet.
 */
export type StartUpStep = 'migrations' | 'demo_seed' | 'demo_hotels' | 'configured_hotels';

/** Which start-up steps are still under way; the server is ready when none is. */
export interface StartUp {
  pending(): readonly StartUpStep[];
  done(step: StartUpStep): void;
}

export function startUpSteps(steps: readonly StartUpStep[]): StartUp {
  const pending = new Set(steps);
  return {
    pending: () => [...pending],
    done: (step) => pending.delete(step),
  };
}

/** A server built without start-up steps (tests, tools): ready at once. */
export const ALREADY_STARTED: StartUp = startUpSteps([]);

/** 503 naming the steps still under way (the error handler adds `Retry-After`). */
export function startingUp(pending: readonly StartUpStep[]): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Restay is starting up',
    pending.map((step) => ({ step })),
  );
}

/**
 * Every API request before the start-up steps are done is answered 503 "starting up", never with an answer that
 * the next second would contradict (a hotel refusing a resale because its policy is not read yet).
 */
export function answerWhileStarting(startUp: StartUp): RequestHandler {
  return (_req, _res, next) => {
    const pending = startUp.pending();
    next(pending.length ? startingUp(pending) : undefined);
  };
}
