import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { publishPolicy } from '../../server/hotel-policy/publish-policy.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { currentMonth } from '../../server/hotels/report-scope.ts';
import { startBuyingServer, TEST_HOTEL_TIME_ZONE, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { addMember, ALLOW_ALL_POLICY, hotelIdOf } from '../helpers/test-hotel.ts';

/**
 * GET /api/hotels/:hotelId/report and its CSV, on PGlite and (TEST_DATABASE_URL) PostgreSQL, against a month
 * computed by hand: listings and the staff's decisions placed in the month, and three real sales of 120.00 with
 * a 15.00 name-change fee (one in the buyer's name, one transferred then refunded, one whose transfer the hotel
 * refused), driven through checkout, the payment jobs and the refund command so the ledger holds their entries.
 */

const PRICE = 12_000;
const FEE = 1_500;
const MINUTE = 60_000;

let fx: BuyingFixture;
let hotelId: string;
let admin: Awaited<ReturnType<BuyingFixture['user']>>;
let staff: Awaited<ReturnType<BuyingFixture['user']>>;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
let month: string;
let kept: { orderId: string; listingId: string };

const db = () => fx.server.database.db;
const reportOf = (query = '', auth = staff.auth) =>
  fx.server.request(`/api/hotels/${hotelId}/report${query}`, { headers: auth });
const csvOf = (query = '', auth = staff.auth) =>
  fx.server.request(`/api/hotels/${hotelId}/report/transfers.csv${query}`, { headers: auth });

async function paidSale() {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  return held;
}

/** A listing created `at`, and the decisions on it, each `[minutes after its creation, decision, by a person]`. */
async function decidedListing(at: Date, decisions: [number, 'approved' | 'rejected', boolean][]) {
  const listingId = await fx.listStay(seller.id);
  await db().updateTable('listings').set({ created_at: at }).where('id', '=', listingId).execute();
  for (const [minutes, decision, byPerson] of decisions)
    await db()
      .insertInto('listing_approval_decisions')
      .values({
        listing_id: listingId,
        hotel_id: hotelId,
        decision,
        reason: decision === 'rejected' ? (byPerson ? 'other' : 'no_answer') : null,
        price_cents: PRICE,
        decided_by: byPerson ? staff.id : null,
        decided_at: new Date(at.getTime() + minutes * MINUTE),
      })
      .execute();
}

beforeAll(async () => {
  fx = await startBuyingServer();
  hotelId = await hotelIdOf(db());
  [admin, staff, seller] = [await fx.user(), await fx.user(), await fx.user({ firstName: 'Sam' })];
  await addMember(db(), hotelId, 'admin', admin);
  await addMember(db(), hotelId, 'staff', staff);
  await publishPolicy(fx.deps, admin.id, hotelId, { ...ALLOW_ALL_POLICY, nameChangeFee: { amountCents: FEE } });
  // The hotel's payout account is ready, so a fee is paid out the moment its stay is the buyer's.
  await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, admin.auth);
  const [accountId] = [...fx.payments.accounts].find(([, account]) => account.owner === `hotel:${hotelId}`)!;
  expect((await fx.deliver(fx.payments.makeAccountReady(accountId))).status).toBe(200);

  // The hotel's month, not UTC's: in summer Lisbon's month starts an hour before UTC's.
  month = currentMonth(fx.clock(), TEST_HOTEL_TIME_ZONE);
  // Decisions placed from the month's second day: 30, 90 and 240 minutes to a first decision by a person (median
  // 90); a second ask of the first listing (not a first decision) and the deadline job's rejection count apart.
  const day = new Date(`${month}-02T08:00:00Z`);
  await decidedListing(day, [
    [30, 'approved', true],
    [600, 'approved', true],
  ]);
  await decidedListing(day, [[90, 'rejected', true]]);
  await decidedListing(day, [[240, 'approved', true]]);
  await decidedListing(day, [[2_880, 'rejected', false]]);

  const inName = await paidSale();
  await runPaymentJobs(fx.deps);
  kept = inName;
  const undone = await paidSale();
  await runPaymentJobs(fx.deps);
  await runOrdersCommand(['refund', undone.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
  const refused = await paidSale();
  const { external_id } = await db()
    .selectFrom('reservations')
    .innerJoin('listings', 'listings.reservation_id', 'reservations.id')
    .select('reservations.external_id')
    .where('listings.id', '=', refused.listingId)
    .executeTakeFirstOrThrow();
  fx.pms.transferFailures.set(external_id, [new PmsTransferError('refused', 'owner may not change')]);
  await runPaymentJobs(fx.deps);
  await runPaymentJobs(fx.deps);
  expect((await fx.orderRow(inName.orderId)).state).toBe('transferred');
  expect((await fx.orderRow(undone.orderId)).state).toBe('refunded');
  expect((await fx.orderRow(refused.orderId)).state).toBe('refunded');
});
afterAll(() => fx.close());

describe('the hotel’s monthly report', () => {
  it('counts the month as computed by hand, and its money is the ledger’s', async () => {
    const reply = await reportOf(`?month=${month}`);
    expect(reply.status).toBe(200);
    const { month: figures, series, timeZone } = reply.body.data;
    expect(timeZone).toBe('UTC');
    expect(figures).toEqual({
      month,
      listed: 7,
      approved: 3,
      rejected: 1,
      timedOut: 1,
      medianDecisionMinutes: 90,
      sales: 3,
      transfers: 2,
      transfersFailed: 1,
      refunds: 2,
      roomNights: 4,
      money: [
        {
          currency: 'USD',
          paidCents: 3 * (PRICE + FEE),
          refundedCents: 2 * (PRICE + FEE),
          changedHandsCents: PRICE,
          feesEarnedCents: FEE,
          feesPaidOutCents: FEE,
        },
      ],
    });
    expect(series).toHaveLength(12);
    expect(series.at(-1)).toEqual(figures);
    expect(series.slice(0, -1).every((earlier: { sales: number; money: unknown[] }) => earlier.sales === 0)).toBe(true);

    // ledger:check's own figures for the hotel's fees come to the same.
    const { hotelFees, differences } = await reconcileLedger(db(), fx.payments);
    expect(differences).toEqual([]);
    const [fees] = hotelFees;
    expect(fees!.chargedCents - fees!.refundedCents).toBe(figures.money[0].feesEarnedCents);
    expect(fees!.paidOutCents - fees!.reversedCents).toBe(figures.money[0].feesPaidOutCents);
    expect(fees!.owedCents).toBe(0);
  });

  it('defaults to the current month, and refuses a malformed month or a stranger', async () => {
    expect((await reportOf('', admin.auth)).body.data.month.month).toBe(month);
    const bad = await reportOf('?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect((await reportOf(`?month=${month}`, seller.auth)).status).toBe(404);
    expect((await csvOf(`?month=${month}`, seller.auth)).status).toBe(404);
    expect((await csvOf('?month=May')).status).toBe(400);
  });

  it('exports the month’s transfers as CSV, one row per stay, with the ledger’s amounts, escaped', async () => {
    await db()
      .updateTable('orders')
      .set({ guest_first_name: '=HYPERLINK("x")', guest_last_name: 'O"Neil, Jr' })
      .where('id', '=', kept.orderId)
      .execute();
    await db()
      .updateTable('listings')
      .set({ room_type: 'Double\nsea view' })
      .where('id', '=', kept.listingId)
      .execute();
    const reply = await csvOf(`?month=${month}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename=restay-transfers-${month}.csv`);
    const lines = (reply.body as string).split('\r\n');
    expect(lines[0]).toBe(
      'order_id,confirmation_number,check_in,check_out,nights,room_type,guest_name,sale_price,name_change_fee,fee_paid_out,currency,transferred_at',
    );
    // Two stays were transferred: the kept one, and the one refunded since (its fee paid out, then reversed).
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe('');
    const order = await fx.orderRow(kept.orderId);
    const stay = await db()
      .selectFrom('reservations')
      .select(['confirmation_number', 'start_utc', 'end_utc'])
      .where('id', '=', order.reservation_id)
      .executeTakeFirstOrThrow();
    const day = (at: Date) => new Date(at).toISOString().slice(0, 10);
    expect(lines).toContain(
      [
        kept.orderId,
        stay.confirmation_number,
        day(stay.start_utc),
        day(stay.end_utc),
        '2',
        '"Double\nsea view"',
        `"'=HYPERLINK(""x"") O""Neil, Jr"`,
        '120.00',
        '15.00',
        '15.00',
        'USD',
        new Date(order.transferred_at!).toISOString(),
      ].join(','),
    );
    expect(lines.filter((line) => line.includes(',120.00,15.00,0.00,USD,'))).toHaveLength(1);
  });
});
