import type { PolicyEffects, PolicyVersionView, ResalePolicy } from '../../contract/resale-policy.ts';
import { inTransaction } from '../db/transaction.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { applyHotelPolicy } from './apply-policy.ts';

/**
 * Publishes a new version of the hotel's policy: the next number, who and when, the whole policy. It is live
 * at once: the hotel's listings are brought in line before the admin hears back. Two admins publishing at the
 * same moment get consecutive versions (the hotel's row is locked while the number is taken).
 */
export async function publishPolicy(
  deps: BuyingDeps,
  publisherId: string,
  hotelId: string,
  policy: ResalePolicy,
): Promise<{ live: PolicyVersionView; effects: PolicyEffects }> {
  const now = deps.clock();
  const version = await inTransaction(deps.db, async (trx) => {
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
    return next;
  });
  const effects = await applyHotelPolicy(deps, hotelId);
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
 * "Pause all resale" on or off. On: at once every listing at the hotel leaves the market, open holds are
 * released and their checkouts expired, imports are refused; sales already paid finish their transfer. Off:
 * the live policy applies again and the listings it allows come back.
 */
export async function setResalePaused(
  deps: BuyingDeps,
  userId: string,
  hotelId: string,
  paused: boolean,
): Promise<PolicyEffects> {
  const now = deps.clock();
  if (paused) {
    await deps.db
      .insertInto('hotel_resale_pauses')
      .values({ hotel_id: hotelId, paused_by: userId, paused_at: now })
      .onConflict((oc) => oc.column('hotel_id').doNothing())
      .execute();
  } else {
    await deps.db.deleteFrom('hotel_resale_pauses').where('hotel_id', '=', hotelId).execute();
  }
  return applyHotelPolicy(deps, hotelId);
}
