/**
 * A handler throws this when the far end said when to come back (HTTP 429 or 503 with Retry-After): the next
 * attempt is due then, instead of after the kind's back-off. It still counts as an attempt.
 */
export class RetryJobLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RetryJobLater';
  }
}

/** A handler throws this when trying again cannot help: the job becomes `failed` at once. */
export class JobCannotSucceed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobCannotSucceed';
  }
}

/** A run took longer than its kind's time limit: it is given up and counts as a failed attempt. */
export class JobTimedOut extends Error {
  constructor(kind: string, timeoutMs: number) {
    super(`a ${kind} run took longer than its limit of ${timeoutMs / 1_000} s`);
    this.name = 'JobTimedOut';
  }
}
