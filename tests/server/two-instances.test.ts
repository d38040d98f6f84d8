import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { sweepLapsedHolds } from '../../server/payments/payment-jobs.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * Two API instances against one PostgreSQL database, each with its own connection pool, as the product scales
 * out: they share the payment provider and the hotel's system, and must agree through the database alone.
 * An embedded database belongs to one process, so this runs on PostgreSQL only (mandatory in CI).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API instances on one database', () => {
  let fx: BuyingFixture;
  let second: TestServer;
  let secondDeps: BuyingDeps;
  const instances = () => [fx.server, second];

  beforeAll(async () => {
    fx = await startBuyingServer();
    const { url } = fx.server.database;
    const handle = await openDatabase({ url: url! });
    second = await fx.instance({ ...handle, url, dispose: () => handle.close() });
    secondDeps = { ...fx.deps, db: handle.db };
  });
  afterAll(async () => {
    await second?.close();
    await second?.database.dispose();
    await fx?.close();
  });

  it('gives exactly one hold to buyers split across both instances', async () => {
    const seller = await fx.user();
    const listingId = await fx.listStay(seller.id);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => fx.user()));
    const replies = await Promise.all(
      buyers.map((buyer, index) =>
        instances()[index % 2]!.request('/api/payment/create-checkout-session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...buyer.auth },
          body: JSON.stringify(checkoutBody(listingId)),
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const orders = await fx.server.database.db
      .selectFrom('orders')
      .select('state')
      .where('listing_id', '=', listingId)
      .execute();
    expect(orders).toEqual([{ state: 'open' }]);
  });

  it('shares rate limits: an allowance spent on one instance is spent on the other', async () => {
    await fx.server.database.db.deleteFrom('rate_limits').execute();
    const statuses = [];
    for (let message = 0; message < 6; message += 1) {
      const reply = await instances()[message % 2]!.request('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fullName: 'Ana Sousa',
          email: 'ana@example.com',
          phone: '+351 912 345 678',
          message: 'Hello there',
          consent: true,
        }),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('does each sale, sweep and job once, whichever instance gets the event and runs the work', async () => {
    const seller = await fx.user();
    const sale = await fx.heldStay(seller.id);
    const paid = fx.payments.pay(sale.sessionId);
    const deliveries = await Promise.all(
      instances().map((instance) =>
        instance.request('/api/payment/webhook', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': paid.signature },
          body: paid.payload,
        }),
      ),
    );
    expect(deliveries.map((reply) => reply.status)).toEqual([200, 200]);
    const lapsed = await fx.heldStay(seller.id);
    fx.clock.advance(60 * 60_000);

    await Promise.all([sweepLapsedHolds(fx.deps), sweepLapsedHolds(secondDeps)]);
    await Promise.all([runPaymentJobs(fx.deps), runPaymentJobs(secondDeps)]);

    const history = async (orderId: string) =>
      (
        await fx.server.database.db
          .selectFrom('order_events')
          .select('to_state')
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute()
      ).map((event) => event.to_state);
    expect(await history(sale.orderId)).toEqual(['open', 'paid', 'transferring', 'transferred']);
    expect(await history(lapsed.orderId)).toEqual(['open', 'expired']);
    const { externalId } = await fx.reservationOf(sale.listingId);
    expect(fx.pms.transfers.filter((transfer) => transfer.externalId === externalId)).toHaveLength(1);
    const toBuyer = fx.mailer.sent.filter((message) => message.to === sale.buyer.email).map((m) => m.subject);
    expect(toBuyer.length).toBe(new Set(toBuyer).size);
    expect(toBuyer).toContain('Your stay at Hotel Test is in your name');
  });
});
