import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
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

/**
 * Stripe's Idempotency-Key rules: the first answer to a key (success or refusal, never a 5xx) is kept and
 * replayed for the same request; the same key with other parameters is refused. The key's claim, the request's
 * writes and the kept answer are one transaction: a process that dies mid-request leaves neither a half-done
 * effect nor a claim that would answer "in progress" forever, and a second request with the key waits for the
 * first to commit and gets its answer.
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
          const claimed = await trx
            .insertInto('stripe_standin_idempotency_keys')
            .values({ key, request_fingerprint: fingerprint, created_at: now })
            .onConflict((conflict) => conflict.column('key').doNothing())
            .returning('key')
            .executeTakeFirst();
          if (!claimed) return replay(trx, key, fingerprint);
          const response = await work(trx);
          if (response.status >= 500) throw new NotKept(response);
          await trx
            .updateTable('stripe_standin_idempotency_keys')
            .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
            .where('key', '=', key)
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

  async function replay(trx: Transaction<Database>, key: string, fingerprint: string): Promise<WireResponse> {
    const saved = await trx
      .selectFrom('stripe_standin_idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (saved.request_fingerprint !== fingerprint) {
      throw new StripeWireError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    // Stripe's answer to a key whose first request is still running. Claims now commit with their answer, so
    // only a claim an earlier version left by crashing mid-request (kept a day, then pruned) is seen this way.
    if (saved.response_status === null || saved.response_body === null) {
      throw new StripeWireError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      });
    }
    return { status: saved.response_status, body: JSON.parse(saved.response_body), replayed: true };
  }
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
