import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/errors.ts';
import { REFUND_ATTEMPTS } from '../../server/payments/job-handlers.ts';
import { OrdersCommandError, runOrdersCommand } from '../../server/payments/orders-command.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
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
const refundsOf = (orderId: string) =>
  db().selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();
const history = async (orderId: string) =>
  (
    await db().selectFrom('order_events').select('to_state').where('order_id', '=', orderId).orderBy('id').execute()
  ).map((row) => row.to_state);
const jobsOf = (orderId: string) =>
  db().selectFrom('jobs').select(['kind', 'state', 'attempts']).where('key', '=', orderId).orderBy('kind').execute();
const mailTo = (email: string) => fx.mailer.sent.filter((message) => message.to === email);
const REFUNDED_SUBJECT = 'Your payment for Hotel Test has been refunded';
const orders = (...argv: string[]) => runOrdersCommand(argv, fx.deps);

/** A sale recorded from the provider's signed event; its jobs (transfer, emails, records) are queued, not run. */
async function soldStay() {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  const paymentIntentId = (await order(held.orderId)).payment_intent_id!;
  return { ...held, paymentIntentId };
}

async function transferredStay() {
  const sale = await soldStay();
  await runPaymentJobs(fx.deps);
  expect((await order(sale.orderId)).state).toBe('transferred');
  return sale;
}

describe("the provider's records on the order", () => {
  it('keeps the payment intent, the charge and the amount received, exactly', async () => {
    const sale = await soldStay();
    expect(await order(sale.orderId)).toMatchObject({
      payment_intent_id: `pi_test_${sale.sessionId}`,
      amount_received_cents: 12_000,
      received_currency: 'USD',
      charge_id: null,
    });
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toMatchObject({
      charge_id: `ch_test_${sale.sessionId}`,
      amount_received_cents: 12_000,
      received_currency: 'USD',
    });
  });
});

describe('receipts', () => {
  it('show the stay dates as calendar days in the hotel’s time zone, not in UTC', async () => {
    const sale = await soldStay();
    const { reservation_id } = await listing(sale.listingId);
    await db()
      .updateTable('reservations')
      .set({ time_zone: 'Pacific/Auckland' })
      .where('id', '=', reservation_id)
      .execute();
    // 20:00 UTC is the next morning in Auckland: read in UTC the receipt would be a day early.
    await db()
      .updateTable('listings')
      .set({ start_utc: new Date('2031-01-10T20:00:00Z'), end_utc: new Date('2031-01-13T20:00:00Z') })
      .where('id', '=', sale.listingId)
      .execute();
    await runPaymentJobs(fx.deps);
    const receipt = mailTo(sale.buyer.email).find((m) => m.subject === 'Your stay at Hotel Test is booked');
    expect(receipt?.text).toContain('Check-in: Sat, Jan 11, 2031\nCheck-out: Tue, Jan 14, 2031\nNights: 3');
    expect(receipt?.text).toContain('Amount paid: $120.00');
  });
});

describe('charge.refunded', () => {
  it('ends a paid sale refunded by hand in the dashboard: listing withdrawn, both told the true reason', async () => {
    const sale = await soldStay();
    const event = fx.payments.refundByHand(sale.paymentIntentId);
    const answer = await fx.deliver(event);
    expect(answer.status).toBe(200);
    expect(answer.body.data.outcome).toBe('handled');

    const refunded = await order(sale.orderId);
    expect(refunded).toMatchObject({
      state: 'refunded',
      refund_reason: 'refunded_by_provider',
      refunded_at: fx.clock(),
      charge_id: `ch_test_${sale.sessionId}`,
    });
    expect(await history(sale.orderId)).toEqual(['open', 'paid', 'refunded']);
    const [provider] = await fx.payments.listRefunds(sale.paymentIntentId);
    expect(await refundsOf(sale.orderId)).toEqual([
      {
        id: provider!.id,
        order_id: sale.orderId,
        charge_id: `ch_test_${sale.sessionId}`,
        amount_cents: 12_000,
        currency: 'USD',
        status: 'succeeded',
        created_at: provider!.created,
        updated_at: fx.clock(),
      },
    ]);
    expect(await listing(sale.listingId)).toMatchObject({ status: 'withdrawn', buyer_id: null });

    await runPaymentJobs(fx.deps);
    // The queued transfer finds the sale over and leaves the hotel alone; nothing is refunded twice.
    expect(fx.pms.transfers.filter((t) => t.guest.email === sale.buyer.email)).toEqual([]);
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toEqual([]);
    const notice = mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain("Why: Restay's team refunded your payment by hand.");
    expect(
      mailTo(seller.email).find((m) => m.subject === 'The sale of your stay at Hotel Test was cancelled')?.text,
    ).toContain("Restay's team refunded the buyer's payment by hand.");

    // A redelivery, or another event about the same charge, changes nothing and still answers 200.
    const before = {
      order: await order(sale.orderId),
      history: await history(sale.orderId),
      mails: fx.mailer.sent.length,
    };
    const again = await fx.deliver(event);
    expect(again.status).toBe(200);
    expect(again.body.data.outcome).toBe('duplicate');
    expect((await fx.deliver(fx.payments.chargeRefunded(sale.paymentIntentId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toEqual(before.order);
    expect(await history(sale.orderId)).toEqual(before.history);
    expect(await refundsOf(sale.orderId)).toHaveLength(1);
    expect(fx.mailer.sent).toHaveLength(before.mails);
  });

  it('ends a transferred order refunded by hand; the listing stays sold to the buyer', async () => {
    const sale = await transferredStay();
    expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'refunded_by_provider' });
    // The last row is the reverse handover's start (ADR 0075): the order stays refunded while the hotel is asked.
    expect(await history(sale.orderId)).toEqual([
      'open',
      'paid',
      'transferring',
      'transferred',
      'refunded',
      'refunded',
    ]);
    expect((await listing(sale.listingId)).status).toBe('sold');
    await runPaymentJobs(fx.deps);
    expect(mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it('never sells a payment refunded by hand before its completion reached us', async () => {
    const held = await fx.heldStay(seller.id);
    const completed = fx.payments.pay(held.sessionId);
    // The dashboard refund's event comes first; the completion event was delayed.
    expect((await fx.deliver(fx.payments.refundByHand(`pi_test_${held.sessionId}`))).status).toBe(200);
    expect((await order(held.orderId)).state).toBe('open');
    expect((await fx.deliver(completed)).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect(await order(held.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'refunded_by_provider' });
    expect(await history(held.orderId)).toEqual(['open', 'refund_pending', 'refunded']);
    expect((await listing(held.listingId)).status).toBe('active');
    const { externalId } = await fx.reservationOf(held.listingId);
    expect(fx.pms.transfers.filter((transfer) => transfer.externalId === externalId)).toHaveLength(0);
    expect(mailTo(held.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it('confirms our own refund: the order keeps its reason and the refund job does not refund again', async () => {
    const sale = await soldStay();
    await orders('refund', sale.orderId, '--reason', 'cancelled_by_hotel');
    // The refund job reached the provider, but its answer was lost before it was recorded.
    await fx.payments.refund({
      paymentIntentId: sale.paymentIntentId,
      orderId: sale.orderId,
      reason: 'cancelled_by_hotel',
    });
    expect((await fx.deliver(fx.payments.chargeRefunded(sale.paymentIntentId))).status).toBe(200);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });

    await runPaymentJobs(fx.deps);
    expect(fx.payments.refundCalls.filter((call) => call.orderId === sale.orderId)).toHaveLength(1);
    const notice = mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('Why: The hotel cancelled or changed the reservation.');
  });

  it('records a partial refund without ending the sale', async () => {
    const sale = await soldStay();
    fx.payments.refunds.set(sale.paymentIntentId, [
      {
        id: 're_partial_1',
        paymentIntentId: sale.paymentIntentId,
        chargeId: `ch_test_${sale.sessionId}`,
        amountCents: 2_000,
        currency: 'USD',
        status: 'succeeded',
        created: fx.clock(),
        settled: { amountCents: 2_000, currency: 'USD' },
      },
    ]);
    expect((await fx.deliver(fx.payments.chargeRefunded(sale.paymentIntentId))).status).toBe(200);
    expect((await order(sale.orderId)).state).toBe('paid');
    expect(await refundsOf(sale.orderId)).toMatchObject([
      { id: 're_partial_1', amount_cents: 2_000, status: 'succeeded' },
    ]);
  });
});

describe('the refund job', () => {
  it('counts a payment the provider reports as already refunded as done, and records that refund', async () => {
    const sale = await soldStay();
    await orders('refund', sale.orderId, '--reason', 'cancelled_by_hotel');
    // Someone refunded it in the dashboard too, and that event never arrived.
    fx.payments.refundByHand(sale.paymentIntentId);
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });
    expect(await refundsOf(sale.orderId)).toMatchObject([
      { amount_cents: 12_000, currency: 'USD', status: 'succeeded' },
    ]);
    expect(await jobsOf(sale.orderId)).toContainEqual({ kind: 'payments.refund', state: 'done', attempts: 1 });
    expect(mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it('keeps a refund the provider refuses for lack of balance refund_pending, and retries it', async () => {
    const sale = await soldStay();
    await orders('refund', sale.orderId, '--reason', 'cancelled_by_hotel');
    const refused = new AppError('CONFLICT', 'The payment provider’s balance cannot cover this.', {
      providerCode: 'balance_insufficient',
      reason: 'balance_insufficient',
    });
    fx.payments.failNext('refund', refused, 1);
    await runPaymentJobs(fx.deps);
    // Not "already refunded": the buyer's money is not back, and nobody is told it is.
    expect((await order(sale.orderId)).state).toBe('refund_pending');
    expect(mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT)).toHaveLength(0);
    expect(await jobsOf(sale.orderId)).toContainEqual({ kind: 'payments.refund', state: 'pending', attempts: 1 });

    fx.clock.advance(2 * 60 * 60_000);
    await runPaymentJobs(fx.deps);
    expect((await order(sale.orderId)).state).toBe('refunded');
    expect(mailTo(sale.buyer.email).filter((m) => m.subject === REFUNDED_SUBJECT)).toHaveLength(1);
  });

  it('ends failed after its maximum attempts, leaving the order refund_pending', async () => {
    const sale = await soldStay();
    await orders('refund', sale.orderId, '--reason', 'cancelled_by_hotel');
    fx.payments.failNext('refund', new AppError('UPSTREAM_ERROR', 'provider down'), REFUND_ATTEMPTS + 5);
    for (let round = 0; round < REFUND_ATTEMPTS + 3; round += 1) {
      await runPaymentJobs(fx.deps);
      fx.clock.advance(2 * 60 * 60_000);
    }
    expect(await jobsOf(sale.orderId)).toContainEqual({
      kind: 'payments.refund',
      state: 'failed',
      attempts: REFUND_ATTEMPTS,
    });
    expect((await order(sale.orderId)).state).toBe('refund_pending');
    // The failures left over must not reach later tests.
    fx.payments.failNext('refund', new Error('unused'), 0);
  });
});

describe('npm run orders -- refund', () => {
  it('refunds a paid order through the machine and the jobs, and says what it did', async () => {
    const sale = await soldStay();
    const lines = await orders(
      'refund',
      sale.orderId,
      '--reason',
      'cancelled_by_hotel',
      '--note',
      'Hotel closed for works.',
    );
    expect(lines[0]).toBe(
      `Order ${sale.orderId}: paid -> refund_pending (reason cancelled_by_hotel, note "Hotel closed for works.").`,
    );
    expect(await order(sale.orderId)).toMatchObject({
      state: 'refund_pending',
      refund_reason: 'cancelled_by_hotel',
      refund_note: 'Hotel closed for works.',
      refund_requested_at: fx.clock(),
    });
    expect(await listing(sale.listingId)).toMatchObject({ status: 'withdrawn' });
    expect(await jobsOf(sale.orderId)).toContainEqual({ kind: 'payments.refund', state: 'pending', attempts: 0 });

    await runPaymentJobs(fx.deps);
    expect(await history(sale.orderId)).toEqual(['open', 'paid', 'refund_pending', 'refunded']);
    expect(fx.pms.transfers.filter((t) => t.guest.email === sale.buyer.email)).toEqual([]);
    const notice = mailTo(sale.buyer.email).find((m) => m.subject === REFUNDED_SUBJECT);
    expect(notice?.text).toContain('Why: The hotel cancelled or changed the reservation. Hotel closed for works.');
  });

  it('refunds a transferred order whose reservation the hotel cancelled later', async () => {
    const sale = await transferredStay();
    const lines = await orders('refund', sale.orderId, '--reason', 'cancelled_by_hotel');
    expect(lines[0]).toBe(`Order ${sale.orderId}: transferred -> refund_pending (reason cancelled_by_hotel).`);
    expect((await listing(sale.listingId)).status).toBe('sold');
    await runPaymentJobs(fx.deps);
    expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });
  });

  it.each([
    [[], 'usage: npm run orders -- refund <orderId>'],
    [['refund', 'not-an-id', '--reason', 'operator'], 'Not an order id: not-an-id.'],
    [['refund', '00000000-0000-4000-8000-000000000000'], 'A reason is required.'],
    [['refund', '00000000-0000-4000-8000-000000000000', '--reason', 'late_payment'], 'Unknown reason "late_payment"'],
    [['refund', '00000000-0000-4000-8000-000000000000', '--reason'], 'usage:'],
    [
      ['refund', '00000000-0000-4000-8000-000000000000', '--reason', 'operator'],
      'No order 00000000-0000-4000-8000-000000000000.',
    ],
  ])('refuses %j with one clear line', async (argv, message) => {
    const failure = await runOrdersCommand(argv, fx.deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OrdersCommandError);
    expect((failure as Error).message).toContain(message);
    expect((failure as Error).message).not.toContain('\n');
  });

  it('refuses an order that is not paid or transferred, changing nothing', async () => {
    const held = await fx.heldStay(seller.id);
    const before = await order(held.orderId);
    await expect(orders('refund', held.orderId, '--reason', 'cancelled_by_hotel')).rejects.toThrow(
      `Order ${held.orderId} is open: only a paid, transfer_unknown or transferred order can be refunded this way.`,
    );
    expect(await order(held.orderId)).toEqual(before);
    expect((await jobsOf(held.orderId)).map((job) => job.kind)).not.toContain('payments.refund');
  });
});
