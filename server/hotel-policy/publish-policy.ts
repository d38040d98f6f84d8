import type { PolicyEffects, PolicyVersionView, ResalePolicy } from '../../contract/resale-policy.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { APPLY_HOTEL_POLICY } from '../resale-policy/apply-job.ts';
import { forecastHotelPolicy } from './apply-policy.ts';

/**
 * In the transaction that changed the hotel's standing: the job that brings its listings in line (one waiting
 * per hotel: it reads the standing when it runs), and what it will do, for the admin's answer.
 */
async function bringInLine(trx: Executor, hotelId: string, now: Date) {
  await enqueuePendingJob(trx, APPLY_HOTEL_POLICY, hotelId, { hotelId }, now);
  return forecastHotelPolicy(trx, hotelId, now);
}

/**
 * Publishes a new version of the hotel's policy: the next number, who and when, the whole policy. It is live
 * at once, and the job that brings the hotel's listings in line is queued with it (ADR 0080): an error while
 * they are paused or resumed is retried by the job, never a failed publish of a version already live. Two
 * admins publishing at the same moment get consecutive versions (the hotel's row is locked while the number is
 * taken).
 */
export async function publishPolicy(
  deps: BuyingDeps,
  publisherId: string,
  hotelId: string,
  policy: ResalePolicy,
): Promise<{ live: PolicyVersionView; effects: PolicyEffects }> {
  const now = deps.clock();
  const { version, effects } = await inTransaction(deps.db, async (trx) => {
    await trx.selectFrom('hotels').select('id').where('id', '=', hotelId).forUpdate().executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('hotel_policy_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    const next = Number(latest?.version ?? 0) + 1;
    await trx
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotelId,
        version: next,
        policy: JSON.stringify(policy),
        published_by: publisherId,
        published_at: now,
      })
      .execute();
    return { version: next, effects: await bringInLine(trx, hotelId, now) };
  });
  const publisher = await deps.db
    .selectFrom('profiles')
    .select('email')
    .where('id', '=', publisherId)
    .executeTakeFirst();
  return {
    live: { version, policy, publishedAt: now.toISOString(), publishedBy: publisher?.email ?? publisherId },
    effects,
  };
}

/**
 * "Pause all resale" on or off. On: imports are refused at once, and the queued job takes every listing at the
 * hotel off the market, releasing open holds and expiring their checkouts; sales already paid finish their
 * transfer. Off: the live policy applies again and the job brings back the listings it allows.
 */
export async function setResalePaused(
  deps: BuyingDeps,
  userId: string,
  hotelId: string,
  paused: boolean,
): Promise<PolicyEffects> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    // As a publish: a hold being placed reads the hotel's row under a share lock, so it is judged by this switch
    // either way (create-checkout.ts).
    await trx.selectFrom('hotels').select('id').where('id', '=', hotelId).forUpdate().executeTakeFirstOrThrow();
    if (paused) {
      await trx
        .insertInto('hotel_resale_pauses')
        .values({ hotel_id: hotelId, paused_by: userId, paused_at: now })
        .onConflict((oc) => oc.column('hotel_id').doNothing())
        .execute();
    } else {
      await trx.deleteFrom('hotel_resale_pauses').where('hotel_id', '=', hotelId).execute();
    }
    return bringInLine(trx, hotelId, now);
  });
}
