import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const order = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const listing = (id: string) => db().selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const history = async (orderId: string) =>
  (
    await db().selectFrom('order_events').select('to_state').where('order_id', '=', orderId).orderBy('id').execute()
  ).map((row) => row.to_state);
const mailTo = (email: string) => fx.mailer.sent.filter((message) => message.to === email);

/** A sale recorded from the provider's signed event; the transfer job is queued with it. */
async function soldStay() {
  const held = await fx.heldStay(seller.id);
  const paidEvent = fx.payments.pay(held.sessionId);
  expect((await fx.deliver(paidEvent)).status).toBe(200);
  const { external_id } = await db()
    .selectFrom('reservations')
    .innerJoin('listings', 'listings.reservation_id', 'reservations.id')
    .select('reservations.external_id')
    .where('listings.id', '=', held.listingId)
    .executeTakeFirstOrThrow();
  return { ...held, externalId: external_id, paidEvent };
}

describe('the handover', () => {
  it('puts the reservation in the buyer’s name, tells both sides, and shows the hotel’s details', async () => {
    const sale = await soldStay();
    expect(
      await db().selectFrom('jobs').select('kind').where('key', '=', sale.orderId).orderBy('kind').execute(),
    ).toEqual([
      { kind: 'handover.transfer' },
      { kind: 'payments.receipt_email' },
      { kind: 'payments.record_payment' },
      { kind: 'payments.sale_email' },
    ]);
    await runPaymentJobs(fx.deps);
    expect(fx.pms.transfers.filter((t) => t.externalId === sale.externalId)).toEqual([
      { externalId: sale.externalId, guest: { firstName: 'Erika', lastName: 'Mustermann', email: sale.buyer.email } },
    ]);
    expect(await history(sale.orderId)).toEqual(['open', 'paid', 'transferring', 'transferred']);
    const transferred = await order(sale.orderId);
    expect(transferred).toMatchObject({ state: 'transferred', transferred_at: fx.clock() });
    expect((await listing(sale.listingId)).transferred_at).toEqual(fx.clock());

    const inYourName = mailTo(sale.buyer.email).find((m) => m.subject === 'Your stay at Hotel Test is in your name');
    expect(inYourName?.text).toContain(`Confirmation number: ${transferred.handover!.confirmationNumber}`);
    expect(inYourName?.text).toContain('Address: Rua Augusta 1, Lisbon, PT');
    // The hotel's day written as every other email writes a day, not as 2026-12-19.
    const checkIn = new Date(`${transferred.handover!.checkIn}T12:00:00Z`);
    const day = checkIn.toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(inYourName?.text).toContain(`Check-in: ${day}`);
    expect(inYourName?.text).not.toMatch(/Check-in: \d{4}-/);
    expect(mailTo(seller.email).map((m) => m.subject)).toContain(
      "Your reservation at Hotel Test is now in the buyer's name",
    );

    const stays = await fx.server.request(`/api/listings/purchased/${sale.buyer.id}`, { headers: sale.buyer.auth });
    const stay = stays.body.data.find((s: { id: string }) => s.id === sale.listingId);
    expect(stay.order).toMatchObject({
      state: 'transferred',
      timeline: [{ state: 'open' }, { state: 'paid' }, { state: 'transferring' }, { state: 'transferred' }],
      handover: {
        hotelName: 'Hotel Test',
        hotelAddress: 'Rua Augusta 1, Lisbon, PT',
        timeZone: 'Europe/Lisbon',
        guestName: 'Erika Mustermann',
        transferredAt: fx.clock().toISOString(),
      },
      refund: null,
    });
    const mine = await fx.server.request(`/api/listings/user/${seller.id}`, { headers: seller.auth });
    expect(mine.body.data.find((l: { id: string }) => l.id === sale.listingId).sale).toEqual({
      orderId: sale.orderId,
      state: 'transferred',
      transferredAt: fx.clock().toISOString(),
      refund: null,
      // The seller has no payout account yet: the payout waits for it.
      payout: {
        state: 'waiting_account',
        amount: 120,
        currency: 'USD',
        saleAmount: 120,
        saleCurrency: 'USD',
        releaseAt: fx.clock().toISOString(),
        paidAt: null,
      },
      reverseHandover: null,
    });

    // The hotel's own record says what happened: a note on the reservation.
    expect(fx.pms.notes.filter((note) => note.reservationId === sale.externalId)).toEqual([
      {
        reservationId: sale.externalId,
        text: `Transferred to Erika Mustermann through Restay, order ${sale.orderId}`,
      },
    ]);

    // A redelivered payment event changes nothing, and more job rounds do nothing twice.
    expect((await fx.deliver(sale.paidEvent)).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(fx.pms.transfers.filter((t) => t.externalId === sale.externalId)).toHaveLength(1);
  });

  it('never holds back the sale when the hotel refuses the note: the job fails for an operator', async () => {
    fx.pms.noteError = new PmsTransferError('refused', 'The integration is not permitted to add notes (403).');
    try {
      const sale = await soldStay();
      await runPaymentJobs(fx.deps);
      expect((await order(sale.orderId)).state).toBe('transferred');
      const note = await db()
        .selectFrom('jobs')
        .select(['state', 'last_error'])
        .where('kind', '=', 'handover.transfer_note')
        .where('key', '=', sale.orderId)
        .executeTakeFirstOrThrow();
      expect(note.state).toBe('failed');
      expect(note.last_error).toContain('not permitted');
    } finally {
      fx.pms.noteError = null;
    }
  });

  it('refunds the buyer in full when the hotel refuses, withdraws the listing and says why to both', async () => {
    const sale = await soldStay();
    fx.pms.transferFailures.set(sale.externalId, [new PmsTransferError('refused', 'owner may not change')]);
    await runPaymentJobs(fx.deps);
    expect(await history(sale.orderId)).toEqual([
      'open',
      'paid',
      'transferring',
      'transfer_failed',
      'refund_pending',
      'refunded',
    ]);
    expect(await order(sale.orderId)).toMatchObject({ refund_reason: 'transfer_refused', refunded_at: fx.clock() });
    expect(await listing(sale.listingId)).toMatchObject({ status: 'withdrawn', buyer_id: null });
    expect(fx.payments.refundCalls.filter((c) => c.orderId === sale.orderId)).toHaveLength(1);
    const refunded = mailTo(sale.buyer.email).find(
      (m) => m.subject === 'Your payment for Hotel Test has been refunded',
    );
    expect(refunded?.text).toContain('The hotel refused to put the reservation in your name.');
    expect(mailTo(seller.email).map((m) => m.subject)).toContain('The sale of your stay at Hotel Test was cancelled');
    // Each side reads the reason in their own words.
    expect(
      mailTo(seller.email).find((m) => m.subject === 'The sale of your stay at Hotel Test was cancelled')?.text,
    ).toContain("The hotel refused to put the reservation in the buyer's name.");
    expect(refunded?.text).not.toContain("buyer's name");
    const status = await fx.server.request(`/api/payment/session-status/${sale.sessionId}`, {
      headers: sale.buyer.auth,
    });
    expect(status.body.data).toMatchObject({
      status: 'refunded',
      orderState: 'refunded',
      refund: { reason: 'transfer_refused' },
    });
  });

  it('retries an outage with back-off and a rate limit when the hotel says, then transfers', async () => {
    const sale = await soldStay();
    fx.pms.transferFailures.set(sale.externalId, [
      new PmsTransferError('unavailable', '503'),
      new PmsTransferError('rate_limited', '429', 45_000),
    ]);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferring');
    // My Stays tells the buyer the hotel is not answering, and until when we keep trying: the next try in 10 s,
    // then waits of 20, 40, 80 and 160 s before the sixth and last.
    const retryOf = async () => {
      const stays = await fx.server.request(`/api/listings/purchased/${sale.buyer.id}`, { headers: sale.buyer.auth });
      return (stays.body.data as { order: { transferRetry: unknown } }[])[0]!.order.transferRetry;
    };
    const failedAt = fx.clock().getTime();
    expect(await retryOf()).toEqual({
      failedAt: new Date(failedAt).toISOString(),
      nextAttemptAt: new Date(failedAt + 10_000).toISOString(),
      triesUntil: new Date(failedAt + 10_000 + 300_000).toISOString(),
    });
    fx.clock.advance(10_000);
    await runPaymentJobs(fx.deps);
    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'handover.transfer')
      .where('key', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'pending', attempts: 2, run_at: new Date(fx.clock().getTime() + 45_000) });
    fx.clock.advance(45_000);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(await retryOf()).toBeNull();
  });

  it('ends the sale refunded when the hotel stays unreachable for every attempt', async () => {
    const sale = await soldStay();
    fx.pms.transferFailures.set(
      sale.externalId,
      Array.from({ length: 10 }, () => new PmsTransferError('unavailable', 'timeout')),
    );
    for (let round = 0; round < 8; round += 1) {
      await runPaymentJobs(fx.deps);
      fx.clock.advance(10 * 60_000);
    }
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'transfer_failed' });
    expect(await listing(sale.listingId)).toMatchObject({ status: 'withdrawn' });
  });
});
