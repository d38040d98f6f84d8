import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { enqueueJob } from '../../server/jobs/enqueue.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { APPLY_HOTEL_POLICY } from '../../server/resale-policy/apply-job.ts';
import { publishPolicy, setResalePaused } from '../../server/hotel-policy/publish-policy.ts';
import type { BuyingFixture } from '../helpers/buying-fixture.ts';
import { startHotelRuleWorld } from '../helpers/hotel-rule-world.ts';
import { ALLOW_ALL_POLICY, runHotelPolicyJobs } from '../helpers/test-hotel.ts';

/*
 * ADR 0093: the hotel's rule is judged again when the payment is recorded, as it stood when the buyer paid at the
 * provider. A pause or a publish between the hold and the payment refunds the buyer; one after the payment does
 * not, however late the webhook comes.
 */

let fx: BuyingFixture;
let seller: { id: string };
let hotelId: string;
let adminId: string;

beforeAll(async () => {
  ({ fx, seller, hotelId, adminId } = await startHotelRuleWorld());
});
afterAll(() => fx.close());

const SECOND = 1_000;
const db = () => fx.server.database.db;
const listing = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publish = (changes: Partial<ResalePolicy>) =>
  publishPolicy(fx.deps, adminId, hotelId, { ...ALLOW_ALL_POLICY, ...changes });

/** The hotel's integration suspended at Mews, as the integration event writes it: dated, its policy pass queued. */
async function suspend() {
  const now = fx.clock();
  await db()
    .updateTable('hotels')
    .set({ status: 'suspended', status_changed_at: now })
    .where('id', '=', hotelId)
    .execute();
  await enqueueJob(db(), APPLY_HOTEL_POLICY, `suspended:${randomUUID()}`, { hotelId }, now);
}

/** The hotel's ways to stop a stay selling: "Pause all resale", a policy that no longer allows it, a suspension. */
const HOTEL_CHANGES = {
  'a pause': {
    take: () => setResalePaused(fx.deps, adminId, hotelId, true),
    reason: 'Hotel Tejo has paused all resale of its bookings for now.',
  },
  'a publish that turns resale off': {
    take: () => publish({ resaleEnabled: false }),
    reason: 'Hotel Tejo does not allow resale of its bookings.',
  },
  'a suspended integration': { take: suspend, reason: 'Hotel Tejo has paused all resale of its bookings for now.' },
};

beforeEach(async () => {
  // Each test starts with the hotel allowing everything, its listings brought in line.
  await db()
    .updateTable('hotels')
    .set({ status: 'connected', status_changed_at: null })
    .where('id', '=', hotelId)
    .execute();
  await setResalePaused(fx.deps, adminId, hotelId, false);
  await publish({});
  await runHotelPolicyJobs(fx.deps);
  fx.clock.advance(SECOND);
});

/** The order refunded for the hotel's rule, the stay paused for its seller, the refund made and the ledger even. */
async function expectRefundedForHotel(
  held: { orderId: string; listingId: string; buyer: { email: string } },
  reason: string,
) {
  expect(await fx.orderRow(held.orderId)).toMatchObject({ state: 'refund_pending', refund_reason: 'hotel_refused' });
  expect(await listing(held.listingId)).toMatchObject({
    status: 'inactive',
    hotel_pause_reason: reason,
    buyer_id: null,
  });
  for (let round = 0; round < 3; round++) await runPaymentJobs(fx.deps);
  expect((await fx.orderRow(held.orderId)).state).toBe('refunded');
  expect(fx.payments.refundCalls.filter((call) => call.orderId === held.orderId)).toMatchObject([
    { reason: 'hotel_refused' },
  ]);
  const buyerMail = fx.mailer.sent.find(
    (mail) => mail.subject.startsWith('Your payment for') && mail.to === held.buyer.email,
  );
  expect(buyerMail?.text).toContain(
    'The hotel stopped allowing the resale of this stay before your payment went through.',
  );
  const { differences } = await reconcileLedger(db(), fx.payments);
  expect(differences.filter((line) => line.includes(held.orderId))).toEqual([]);
}

describe.each(Object.entries(HOTEL_CHANGES))('the hotel’s rule changed by %s', (_, change) => {
  it('refunds a payment made after it, though its hold came first (the webhook path)', async () => {
    const held = await fx.heldStay(seller.id);
    await change.take();
    fx.clock.advance(5 * SECOND);
    const paid = fx.payments.pay(held.sessionId);
    expect((await fx.deliver(paid)).status).toBe(200);
    await expectRefundedForHotel(held, change.reason);
  });

  it('keeps the sale of a payment made before it, though the webhook comes after', async () => {
    const held = await fx.heldStay(seller.id);
    const paid = fx.payments.pay(held.sessionId);
    fx.clock.advance(5 * SECOND);
    await change.take();
    fx.clock.advance(5 * SECOND);
    expect((await fx.deliver(paid)).status).toBe(200);
    expect((await fx.orderRow(held.orderId)).state).toBe('paid');
    expect((await listing(held.listingId)).status).toBe('sold');
    // The policy pass that follows finds the stay sold and leaves it so.
    await runHotelPolicyJobs(fx.deps);
    expect((await listing(held.listingId)).status).toBe('sold');
  });

  it('refunds a payment found by the policy pass ending the hold, when it was made after the change', async () => {
    const held = await fx.heldStay(seller.id);
    await change.take();
    fx.clock.advance(5 * SECOND);
    // The buyer pays; the webhook is lost. The pass expires the session and learns from the provider it was paid.
    fx.payments.pay(held.sessionId);
    fx.clock.advance(5 * SECOND);
    await runHotelPolicyJobs(fx.deps);
    expect(fx.payments.sessions.get(held.sessionId)?.paymentStatus).toBe('paid');
    await expectRefundedForHotel(held, change.reason);
  });
});

/** What the stored reservation says was paid at the hotel: the price cap is a share of it. */
async function paidAtHotel(listingId: string, cents: number) {
  const { reservation_id } = await listing(listingId);
  await db().updateTable('reservations').set({ amount_paid_cents: cents }).where('id', '=', reservation_id).execute();
}

describe('a price cap lowered under the asking price', () => {
  it('refunds a payment made after the publish, and sells one made before it', async () => {
    const refused = await fx.heldStay(seller.id);
    const sold = await fx.heldStay(seller.id);
    // Asking 120.00 of the 200.00 paid at the hotel: within 100%, over 50%.
    for (const { listingId } of [refused, sold]) await paidAtHotel(listingId, 20_000);
    const soldPayment = fx.payments.pay(sold.sessionId);
    fx.clock.advance(5 * SECOND);
    await publish({ priceCapPercent: 50 });
    fx.clock.advance(5 * SECOND);
    expect((await fx.deliver(fx.payments.pay(refused.sessionId))).status).toBe(200);
    expect((await fx.deliver(soldPayment)).status).toBe(200);
    expect(await fx.orderRow(refused.orderId)).toMatchObject({
      state: 'refund_pending',
      refund_reason: 'hotel_refused',
    });
    expect((await listing(refused.listingId)).hotel_pause_reason).toMatch(/at most 50% of the price paid/);
    expect((await fx.orderRow(sold.orderId)).state).toBe('paid');
  });
});

describe('the cut-off passing between the hold and the payment', () => {
  it('sells: the cut-off is judged when the stay was held, so a buyer who began paying in time keeps it', async () => {
    await publish({ cutOffHours: 24 });
    // Held exactly 24 hours before check-in, the last moment the hotel's cut-off allows; paid ten minutes later.
    const held = await fx.heldStay(seller.id, { daysAhead: 1 });
    fx.clock.advance(10 * 60 * SECOND);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    expect((await fx.orderRow(held.orderId)).state).toBe('paid');
    expect((await listing(held.listingId)).status).toBe('sold');
  });
});
