import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { insertListing } from '../helpers/factories.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/**
 * A payout is sent once, however late its job is retried: the provider forgets the idempotency key after 24
 * hours, so a send retried days later asks the provider for the order's transfers before paying.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const DAY_MS = 24 * 60 * 60_000;

describe('a payout whose transfer reply was lost', () => {
  it('is recorded, not sent again, when its job runs days later', async () => {
    const seller = await fx.user();
    await insertListing(db(), seller.id);
    expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
    fx.payments.makeAccountReady([...fx.payments.accounts.keys()].at(-1)!);
    await fx.server.request('/api/payouts/account', { headers: seller.auth });
    const held = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);

    // The provider makes the transfer, but its answer never reaches us: the send job fails and waits.
    fx.payments.loseNextTransferReply = true;
    await runPaymentJobs(fx.deps);
    const payout = () =>
      db().selectFrom('payouts').selectAll().where('order_id', '=', held.orderId).executeTakeFirstOrThrow();
    expect((await payout()).state).toBe('scheduled');

    // Days later, past the provider's idempotency window, the job runs again.
    fx.payments.forgetIdempotencyKeys();
    fx.clock.advance(3 * DAY_MS);
    await runPaymentJobs(fx.deps);
    const made = fx.payments.transferLog.filter((transfer) => transfer.transferGroup === held.orderId);
    expect(made).toHaveLength(1);
    expect(await payout()).toMatchObject({ state: 'paid', transfer_id: made[0]!.id });
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });
});
