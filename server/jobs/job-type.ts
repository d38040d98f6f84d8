import type { z } from 'zod';

/**
 * A kind of job: its name (`<domain>.<action>`, e.g. `payments.refund`) and the shape of its payload. A domain
 * declares its types next to its use cases; enqueueing needs only the type, running needs a handler registered
 * for it (server/jobs/registry.ts).
 */
export interface JobType<Payload> {
  readonly kind: string;
  readonly payload: z.ZodType<Payload>;
}

export function defineJobType<Payload>(kind: string, payload: z.ZodType<Payload>): JobType<Payload> {
  if (!/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(kind)) {
    throw new Error(`A job kind is <domain>.<action> in lower case: ${kind}`);
  }
  return { kind, payload };
}
