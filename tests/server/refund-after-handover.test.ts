import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { assertNoSaleUnderWay } from '../../server/selling/ownership-proof.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { paymentIntentOf, transferredSaleOfReadySeller } from '../helpers/ready-seller.ts';

/**
 * A refund of a stay already in the buyer's name (by hand, or by an operator) returns the stay (ADR 0075): the
 * hotel is asked to name the seller again; accepted, the sale is undone; refused, gone or unanswered until
 * check-in, the buyer keeps the stay, the seller keeps the payout and the refund is the platform's loss. Either
 * way exactly one person holds the reservation, everyone is told which, and ledger:check agrees.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const MINUTE = 60_000;
type Sale = Awaited<ReturnType<typeof transferredSaleOfReadySeller>>;

const orderOf = (orderId: string) =>
  db()
    .selectFrom('orders')
    .select(['state', 'reverse_handover', 'reverse_handover_at', 'buyer_email'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
const payoutState = async (orderId: string) =>
  (await db().selectFrom('payouts').select('state').where('order_id', '=', orderId).executeTakeFirst())?.state;
const postingsOf = async (orderId: string, kind: 'platform_loss' | 'unsettlement') =>
  db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.account', 'ledger_entries.amount_cents', 'ledger_entries.currency'])
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_transactions.kind', '=', kind)
    .orderBy('ledger_entries.line')
    .execute();
const reverseSteps = async (orderId: string) =>
  (
    await db()
      .selectFrom('order_events')
      .select('reason')
      .where('order_id', '=', orderId)
      .where('reason', 'like', 'reverse handover%')
      .orderBy('id')
      .execute()
  ).map((event) => event.reason.split(':')[0]);
const mailTo = (email: string, subject: RegExp) =>
  fx.mailer.sent.filter((message) => message.to === email && subject.test(message.subject));
const guestEmailAtHotel = async (sale: Sale) => (await fx.reservationOf(sale.listingId)).guest.email;

async function refundByHand(sale: Sale) {
  expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
}

/** Time passes and due jobs run, `rounds` times. */
async function work(rounds = 3, stepMs = MINUTE) {
  for (let round = 0; round < rounds; round += 1) {
    await runPaymentJobs(fx.deps);
    fx.clock.advance(stepMs);
  }
}

async function expectLedgerClean() {
  expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
}

describe('a refund after the handover', () => {
  it('returns the stay to the seller when the hotel accepts: payout taken back, both told, relisting allowed', async () => {
    const sale = await transferredSaleOfReadySeller(fx, 'transferred');
    const buyerEmail = (await orderOf(sale.orderId)).buyer_email!;
    expect(await guestEmailAtHotel(sale)).toBe(buyerEmail);
    expect(await payoutState(sale.orderId)).toBe('paid');

    await refundByHand(sale);
    expect(await orderOf(sale.orderId)).toMatchObject({ state: 'refunded', reverse_handover: 'pending' });
    await work();

    expect(await orderOf(sale.orderId)).toMatchObject({ state: 'refunded', reverse_handover: 'returned_to_seller' });
    expect(await reverseSteps(sale.orderId)).toEqual([
      'reverse handover pending',
      'reverse handover returned_to_seller',
    ]);
    expect(await guestEmailAtHotel(sale)).toBe(sale.seller.email);
    expect(await payoutState(sale.orderId)).toBe('reversed');
    expect(await postingsOf(sale.orderId, 'unsettlement')).not.toEqual([]);
    expect(await postingsOf(sale.orderId, 'platform_loss')).toEqual([]);
    expect(mailTo(sale.seller.email, /is yours again$/)).toHaveLength(1);
    expect(mailTo(sale.seller.email, /is yours again$/)[0]!.text).toContain('You can list it again');
    expect(mailTo(buyerEmail, /refund for .* is complete$/)[0]!.text).toContain('no longer in your name');
    const reservation = await db()
      .selectFrom('reservations')
      .innerJoin('listings', 'listings.reservation_id', 'reservations.id')
      .select(['reservations.owner_id', 'reservations.guest_email'])
      .where('listings.id', '=', sale.listingId)
      .executeTakeFirstOrThrow();
    expect(reservation).toEqual({ owner_id: sale.sellerId, guest_email: sale.seller.email });
    // Nothing blocks listing it again: the sold listing is withdrawn and no sale of it is under way.
    const listing = await db()
      .selectFrom('listings')
      .selectAll()
      .where('id', '=', sale.listingId)
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe('withdrawn');
    const { externalId } = await fx.reservationOf(sale.listingId);
    await expect(assertNoSaleUnderWay(db(), externalId)).resolves.toBeUndefined();
    const { seller_id, reservation_id, title, price_cents, city, country, start_utc, end_utc } = listing;
    const relisted = { seller_id, reservation_id, title, price_cents, city, country, start_utc, end_utc };
    await db()
      .insertInto('listings')
      .values({ ...relisted, hotel_name: listing.hotel_name, latitude: 38.72, longitude: -9.14, status: 'active' })
      .execute();
    await expectLedgerClean();
  });

  it('leaves the stay with the buyer when the hotel refuses: seller paid, refund the platform’s loss', async () => {
    const sale = await transferredSaleOfReadySeller(fx, 'check_in');
    const buyerEmail = (await orderOf(sale.orderId)).buyer_email!;
    expect(await payoutState(sale.orderId)).toBe('scheduled');
    const { externalId } = await fx.reservationOf(sale.listingId);
    fx.pms.transferFailures.set(externalId, [new PmsTransferError('refused', 'the owner may not change')]);

    await runOrdersCommand(['refund', sale.orderId, '--reason', 'operator'], fx.deps);
    await work();

    expect(await orderOf(sale.orderId)).toMatchObject({ state: 'refunded', reverse_handover: 'kept_by_buyer' });
    expect(await reverseSteps(sale.orderId)).toEqual(['reverse handover pending', 'reverse handover kept_by_buyer']);
    expect(await guestEmailAtHotel(sale)).toBe(buyerEmail);
    const loss = await postingsOf(sale.orderId, 'platform_loss');
    expect(loss).toEqual([
      { account: 'platform_losses', amount_cents: 12_000, currency: 'USD' },
      { account: 'buyer_funds', amount_cents: -12_000, currency: 'USD' },
    ]);
    expect(await postingsOf(sale.orderId, 'unsettlement')).toEqual([]);
    // The payout not yet sent is paid at check-in although the order is refunded.
    expect(await payoutState(sale.orderId)).toBe('scheduled');
    await fx.passCheckIn(sale.listingId);
    await work();
    expect(await payoutState(sale.orderId)).toBe('paid');
    expect(mailTo(sale.seller.email, /stands$/)[0]!.text).toContain('you keep your payout');
    expect(mailTo(buyerEmail, /the stay is still yours$/)).toHaveLength(1);
    expect(mailTo(sale.seller.email, /is yours again$/)).toEqual([]);
    await expectLedgerClean();
    const { balances } = await reconcileLedger(db(), fx.payments);
    expect(balances).toContainEqual(expect.objectContaining({ account: 'platform_losses', currency: 'USD' }));
  });

  it('leaves the stay with the buyer when the hotel does not answer until check-in', async () => {
    const sale = await transferredSaleOfReadySeller(fx, 'transferred');
    const buyerEmail = (await orderOf(sale.orderId)).buyer_email!;
    expect(await payoutState(sale.orderId)).toBe('paid');
    fx.pms.unreachable = true;
    try {
      await refundByHand(sale);
      await work(12, 60 * MINUTE);
      expect(await orderOf(sale.orderId)).toMatchObject({ reverse_handover: 'pending' });
      await fx.passCheckIn(sale.listingId);
      await work(2, MINUTE);
    } finally {
      fx.pms.unreachable = false;
    }
    expect(await orderOf(sale.orderId)).toMatchObject({ state: 'refunded', reverse_handover: 'kept_by_buyer' });
    expect(await guestEmailAtHotel(sale)).toBe(buyerEmail);
    expect(await payoutState(sale.orderId)).toBe('paid');
    expect(await postingsOf(sale.orderId, 'platform_loss')).toHaveLength(2);
    expect(mailTo(sale.seller.email, /stands$/)).toHaveLength(1);
    expect(mailTo(buyerEmail, /the stay is still yours$/)).toHaveLength(1);
    await expectLedgerClean();
  });

  it('lists the platform’s losses for an operator', async () => {
    const lines = await runOrdersCommand(['losses'], fx.deps);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/kept by the buyer .*\tplatform loss \$120\.00$/);
  });

  it('never ends refunded with the buyer named and nothing queued when the refund lands mid-transfer', async () => {
    fx.setPayoutRelease('transferred');
    const seller = await fx.user();
    const held = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    const paymentIntentId = await paymentIntentOf(fx, held.orderId);
    const { transferToGuest } = fx.pms;
    fx.pms.transferToGuest = async (externalId, guest) => {
      fx.pms.transferToGuest = transferToGuest;
      expect((await fx.deliver(fx.payments.refundByHand(paymentIntentId))).status).toBe(200);
      return transferToGuest.call(fx.pms, externalId, guest);
    };
    await work();
    const order = await orderOf(held.orderId);
    expect(order).toMatchObject({ state: 'refunded', reverse_handover: 'returned_to_seller' });
    expect((await fx.reservationOf(held.listingId)).guest.email).toBe(seller.email);
    expect(await payoutState(held.orderId)).toBeUndefined();
    await expectLedgerClean();
  });
});
