import type { z } from 'zod';

/**
 * A kind of job: its name (`<domain>.<action>`, e.g. `payments.refund`) and the shape of its payload. A domain
 * declares its types next to its use cases; enqueueing needs only the type, running needs a handler registered
 * for it (server/jobs/registry.ts).
 */
export interface JobType<Payload> {
  readonly kind: string;
  readonly payload: z.ZodType<Payload>;
  /**
   * A person is waiting for this job (the stay put in the buyer's name, their money back): workers claim it
   * before every job that is not, whenever those were queued.
   */
  readonly urgent: boolean;
}

export function defineJobType<Payload>(
  kind: string,
  payload: z.ZodType<Payload>,
  { urgent = false }: { urgent?: boolean } = {},
): JobType<Payload> {
  if (!/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(kind)) {
    throw new Error(`A job kind is <domain>.<action> in lower case: ${kind}`);
  }
  return { kind, payload, urgent };
}
