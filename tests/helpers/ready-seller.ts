import { expect } from 'vitest';
import type { PayoutRelease } from '../../contract/payouts.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import type { BuyingFixture } from './buying-fixture.ts';
import { insertListing } from './factories.ts';

/** A seller (who has listed a stay) whose payout account the provider reports ready, and that account's id. */
export async function sellerWithReadyPayouts(fx: BuyingFixture) {
  const seller = await fx.user();
  await insertListing(fx.server.database.db, seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  const accountId = [...fx.payments.accounts.keys()].at(-1)!;
  fx.payments.makeAccountReady(accountId);
  await fx.server.request('/api/payouts/account', { headers: seller.auth });
  return { seller, accountId };
}

/**
 * A stay of a seller with a ready payout account, bought and in the buyer's name with every job run: with
 * `transferred` its payout is sent, with `check_in` it is scheduled for the stay's check-in.
 */
export async function transferredSaleOfReadySeller(fx: BuyingFixture, release: PayoutRelease) {
  fx.setPayoutRelease(release);
  const { seller, accountId } = await sellerWithReadyPayouts(fx);
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  return { ...held, seller, sellerId: seller.id, accountId, paymentIntentId: await paymentIntentOf(fx, held.orderId) };
}

/** The provider's payment intent of a paid order, as the order recorded it. */
export async function paymentIntentOf(fx: BuyingFixture, orderId: string): Promise<string> {
  const { payment_intent_id } = await fx.server.database.db
    .selectFrom('orders')
    .select('payment_intent_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return payment_intent_id!;
}
