import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { StripeWireError } from './wire.ts';

export interface WireResponse {
  status: number;
  body: unknown;
  /** Set when the answer is a saved one; Stripe says so in the Idempotent-Replayed header. */
  replayed?: boolean;
}

/** Stripe forgets idempotency keys after a day at the earliest. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe's Idempotency-Key rules: the first answer to a key (success or refusal, never a 5xx) is kept and
 * replayed for the same request; the same key with other parameters is refused, and so is a second request
 * while the first is still running.
 */
export function idempotencyKeys(db: Kysely<Database>) {
  return {
    async run(key: string, request: unknown, now: Date, work: () => Promise<WireResponse>): Promise<WireResponse> {
      const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
      const claimed = await db
        .insertInto('stripe_standin_idempotency_keys')
        .values({ key, request_fingerprint: fingerprint, created_at: now })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return replay(key, fingerprint);
      let response: WireResponse;
      try {
        response = await work();
      } catch (error) {
        await forget(key);
        throw error;
      }
      if (response.status >= 500) await forget(key);
      else {
        await db
          .updateTable('stripe_standin_idempotency_keys')
          .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
          .where('key', '=', key)
          .execute();
      }
      return response;
    },

    async prune(now: Date) {
      await db
        .deleteFrom('stripe_standin_idempotency_keys')
        .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS))
        .execute();
    },
  };

  async function replay(key: string, fingerprint: string): Promise<WireResponse> {
    const saved = await db
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
    if (saved.response_status === null || saved.response_body === null) {
      throw new StripeWireError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      });
    }
    return { status: saved.response_status, body: JSON.parse(saved.response_body), replayed: true };
  }

  async function forget(key: string) {
    await db.deleteFrom('stripe_standin_idempotency_keys').where('key', '=', key).execute();
  }
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
