import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StripeStandinIdempotencyKeysTable } from '../../db/schema-standins.ts';
import { StripeWireError } from './wire.ts';

export interface WireResponse {
  status: number;
  body: unknown;
  /** Set when the answer is a saved one; Stripe says so in the Idempotent-Replayed header. */
  replayed?: boolean;
  /** Events the request wrote, to deliver once they are committed (never for a replayed answer). */
  events?: string[];
}

/** Stripe forgets idempotency keys after a day at the earliest. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A 5xx answer: returned to the caller, but the transaction that claimed its key rolls back. */
class NotKept extends Error {
  constructor(readonly response: WireResponse) {
    super('not kept');
  }
}

/** Requests with one key wait for each other (PostgreSQL advisory locks of this class, keyed by the key's hash). */
const IDEMPOTENCY_LOCK_CLASS = 7_253_011;

/**
 * Stripe's Idempotency-Key rules: the first answer to a key (success or refusal, never a 5xx) is kept and
 * replayed for the same request; the same key with other parameters is refused. The request's writes and the
 * kept answer are one transaction, so a process that dies mid-request leaves neither a half-done effect nor a
 * key without an answer. A second request with the key waits until the first has committed, then gets its
 * answer.
 */
export function idempotencyKeys(db: Kysely<Database>) {
  return {
    async run(
      key: string,
      request: unknown,
      now: Date,
      work: (trx: Transaction<Database>) => Promise<WireResponse>,
    ): Promise<WireResponse> {
      const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, hashtext(${key}))`.execute(trx);
          const saved = await trx
            .selectFrom('stripe_standin_idempotency_keys')
            .selectAll()
            .where('key', '=', key)
            .executeTakeFirst();
          if (saved) return replay(saved, fingerprint);
          const response = await work(trx);
          if (response.status >= 500) throw new NotKept(response);
          await trx
            .insertInto('stripe_standin_idempotency_keys')
            .values({
              key,
              request_fingerprint: fingerprint,
              response_status: response.status,
              response_body: JSON.stringify(response.body),
              created_at: now,
            })
            .execute();
          return response;
        });
      } catch (error) {
        if (error instanceof NotKept) return error.response;
        throw error;
      }
    },

    async prune(now: Date) {
      await db
        .deleteFrom('stripe_standin_idempotency_keys')
        .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS))
        .execute();
    },
  };
}

function replay(saved: Selectable<StripeStandinIdempotencyKeysTable>, fingerprint: string): WireResponse {
  if (saved.request_fingerprint !== fingerprint) {
    throw new StripeWireError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${saved.key}' if you meant to execute a different request.`,
    });
  }
  return { status: saved.response_status, body: JSON.parse(saved.response_body), replayed: true };
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
