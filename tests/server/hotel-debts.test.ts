import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { publishPolicy } from '../../server/hotel-policy/publish-policy.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { listHotelDebts } from '../../server/payouts/hotel-debts.ts';
import { PayoutsCommandError, PAYOUTS_USAGE, runPayoutsCommand } from '../../server/payouts/payouts-command.ts';
import { listSellerDebts } from '../../server/payouts/seller-debts.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { payableOf } from '../helpers/debts.ts';
import { sellerWithReadyPayouts } from '../helpers/ready-seller.ts';
import { addMember, ALLOW_ALL_POLICY, hotelIdOf, TEST_HOTEL_NAME } from '../helpers/test-hotel.ts';

/**
 * A hotel's debt: the name-change fee of a refunded stay, already transferred to the hotel, whose reversal the
 * provider refused. It is listed beside the sellers' debts, and an operator records it collected or written off
 * with `npm run payouts -- debt-settled <orderId> --hotel`, apart from the seller's debt of the same order.
 */
let fx: BuyingFixture;
let hotelId: string;

const FEE = 1_500;

beforeAll(async () => {
  fx = await startBuyingServer();
  hotelId = await hotelIdOf(db());
  const admin = await fx.user();
  await addMember(db(), hotelId, 'admin', admin);
  await publishPolicy(fx.deps, admin.id, hotelId, { ...ALLOW_ALL_POLICY, nameChangeFee: { amountCents: FEE } });
  expect((await fx.postJson(`/api/hotels/${hotelId}/payouts/onboarding`, {}, admin.auth)).status).toBe(200);
  const [accountId] = [...fx.payments.accounts].find(([, account]) => account.owner === `hotel:${hotelId}`)!;
  expect((await fx.deliver(fx.payments.makeAccountReady(accountId))).status).toBe(200);
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const run = (argv: string[]) => runPayoutsCommand(argv, fx.deps);
const refusalOf = (argv: string[]) =>
  run(argv).then(
    () => undefined,
    (error: unknown) => (error instanceof PayoutsCommandError ? error.lines : error),
  );
const hotelPayout = (orderId: string) =>
  db().selectFrom('hotel_payouts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const sellerPayout = (orderId: string) =>
  db().selectFrom('payouts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** A sale whose fee went to the hotel, refunded, the provider refusing every reversal of it. */
async function refusedSale(seller: { id: string }) {
  const held = await fx.heldStay(seller.id);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  expect(await hotelPayout(held.orderId)).toMatchObject({ state: 'paid' });
  fx.payments.refuseReversals = true;
  try {
    await runOrdersCommand(['refund', held.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
    await runPaymentJobs(fx.deps);
  } finally {
    fx.payments.refuseReversals = false;
  }
  const payout = await hotelPayout(held.orderId);
  expect(payout).toMatchObject({ state: 'reversal_failed', debt_settled: null });
  return { orderId: held.orderId, transferId: payout.transfer_id! };
}

const hotelPayable = (orderId: string) => payableOf(fx, orderId, 'hotel_payable');

const balanceOf = async (account: string) =>
  (await reconcileLedger(db())).balances.find((b) => b.account === account && b.currency === 'USD')?.amountCents ?? 0;

async function expectReconciled() {
  expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
}

describe('a hotel’s debt', () => {
  it('is owed in the ledger, reconciles, and is listed by npm run payouts -- debts', async () => {
    const seller = await fx.user();
    const debt = await refusedSale(seller);
    expect(await sellerPayout(debt.orderId)).toMatchObject({ state: 'cancelled' });
    expect(await hotelPayable(debt.orderId)).toEqual({ USD: FEE });
    await expectReconciled();
    const [listed] = (await listHotelDebts(db())).filter((row) => row.orderId === debt.orderId);
    expect(listed).toMatchObject({ hotelId, hotelName: TEST_HOTEL_NAME, amountCents: FEE, currency: 'USD' });
    const line = (await run(['debts'])).find((printed) => printed.startsWith(debt.orderId));
    expect(line).toBe(
      `${debt.orderId}\thotel ${hotelId} ${TEST_HOTEL_NAME}\towes 15.00 USD\ttransfer ${debt.transferId}\t` +
        `since ${listed!.since.toISOString()}`,
    );
  });

  it('is recorded collected once, posted to the ledger, and leaves the list', async () => {
    const debt = await refusedSale(await fx.user());
    const collectedBefore = await balanceOf('collected_debts');
    expect(await run(['debt-settled', debt.orderId, '--hotel', '--how', 'collected'])).toEqual([
      `Order ${debt.orderId}: the hotel's debt of 15.00 USD (hotel ${hotelId} ${TEST_HOTEL_NAME}) is recorded ` +
        'collected; it is no longer listed by npm run payouts -- debts.',
    ]);
    expect(await hotelPayable(debt.orderId)).toEqual({});
    expect(await balanceOf('collected_debts')).toBe(collectedBefore + FEE);
    expect((await listHotelDebts(db())).map((row) => row.orderId)).not.toContain(debt.orderId);
    expect(await hotelPayout(debt.orderId)).toMatchObject({ state: 'reversal_failed', debt_settled: 'collected' });
    const { differences, hotelFees } = await reconcileLedger(db(), fx.payments);
    expect(differences).toEqual([]);
    expect(hotelFees.find((fee) => fee.currency === 'USD')!.collectedCents).toBeGreaterThanOrEqual(FEE);

    const writtenOffBefore = await balanceOf('written_off_debts');
    expect(await refusalOf(['debt-settled', debt.orderId, '--hotel', '--how', 'written_off'])).toEqual([
      `The hotel's debt of order ${debt.orderId} is already recorded collected.`,
    ]);
    expect(await balanceOf('written_off_debts')).toBe(writtenOffBefore);
    expect(await hotelPayable(debt.orderId)).toEqual({});
  });

  it('is recorded written off as the platform’s loss', async () => {
    const debt = await refusedSale(await fx.user());
    const writtenOffBefore = await balanceOf('written_off_debts');
    await run(['debt-settled', debt.orderId, '--hotel', '--how', 'written_off']);
    expect(await hotelPayable(debt.orderId)).toEqual({});
    expect(await balanceOf('written_off_debts')).toBe(writtenOffBefore + FEE);
    const { differences, hotelFees } = await reconcileLedger(db(), fx.payments);
    expect(differences).toEqual([]);
    expect(hotelFees.find((fee) => fee.currency === 'USD')!.writtenOffCents).toBeGreaterThanOrEqual(FEE);
  });

  it('is named by ledger:check when the ledger settled it and the payout does not say so', async () => {
    const debt = await refusedSale(await fx.user());
    await run(['debt-settled', debt.orderId, '--hotel', '--how', 'collected']);
    const ofTheOrder = (settled: 'collected' | null) =>
      db()
        .updateTable('hotel_payouts')
        .set({ debt_settled: settled, debt_settled_at: settled && new Date() })
        .where('order_id', '=', debt.orderId)
        .execute();
    await ofTheOrder(null);
    const { differences } = await reconcileLedger(db(), fx.payments);
    expect(differences.filter((line) => line.startsWith(`order ${debt.orderId}`))).toHaveLength(1);
    await ofTheOrder('collected');
    await expectReconciled();
  });

  it('is refused for an order without one: its fee paid, or no order at all', async () => {
    const held = await fx.heldStay((await fx.user()).id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await refusalOf(['debt-settled', held.orderId, '--hotel', '--how', 'collected'])).toEqual([
      `Order ${held.orderId} has no hotel's debt: its fee payout is paid.`,
    ]);
    expect(await refusalOf(['debt-settled', unknown, '--hotel', '--how', 'collected'])).toEqual([
      `Order ${unknown} has no hotel's debt: its fee payout is absent.`,
    ]);
    expect(await refusalOf(['debts', '--hotel'])).toEqual([PAYOUTS_USAGE]);
    expect(await refusalOf(['release', held.orderId, '--hotel'])).toEqual(['Unknown argument "--hotel".']);
  });
});

describe('an order whose seller and hotel both owe it back', () => {
  it('lists both debts, and settles each apart, the seller’s without --hotel', async () => {
    const debt = await refusedSale((await sellerWithReadyPayouts(fx)).seller);
    expect(await sellerPayout(debt.orderId)).toMatchObject({ state: 'reversal_failed' });
    const lines = (await run(['debts'])).filter((line) => line.startsWith(debt.orderId));
    expect(lines.map((line) => line.split('\t')[1]!.split(' ')[0])).toEqual(['seller', 'hotel']);

    await run(['debt-settled', debt.orderId, '--how', 'written_off']);
    expect(await sellerPayout(debt.orderId)).toMatchObject({ debt_settled: 'written_off' });
    expect(await hotelPayout(debt.orderId)).toMatchObject({ debt_settled: null });
    expect(await hotelPayable(debt.orderId)).toEqual({ USD: FEE });
    expect((await listHotelDebts(db())).map((row) => row.orderId)).toContain(debt.orderId);
    await expectReconciled();
    expect(await refusalOf(['debt-settled', debt.orderId, '--how', 'collected'])).toEqual([
      `The debt of order ${debt.orderId} is already recorded written off. Its hotel owes its fee back: add --hotel.`,
    ]);

    await run(['debt-settled', debt.orderId, '--hotel', '--how', 'collected']);
    expect(await hotelPayout(debt.orderId)).toMatchObject({ debt_settled: 'collected' });
    expect(await sellerPayout(debt.orderId)).toMatchObject({ debt_settled: 'written_off' });
    expect(await hotelPayable(debt.orderId)).toEqual({});
    expect((await run(['debts'])).filter((line) => line.startsWith(debt.orderId))).toEqual([]);
    expect((await listSellerDebts(db())).map((row) => row.orderId)).not.toContain(debt.orderId);
    await expectReconciled();
  });

  it('points to --hotel when only the hotel owes', async () => {
    const debt = await refusedSale(await fx.user());
    expect(await refusalOf(['debt-settled', debt.orderId, '--how', 'collected'])).toEqual([
      `Order ${debt.orderId} has no seller's debt: its payout is cancelled. Its hotel owes its fee back: add --hotel.`,
    ]);
  });
});

// Last: the double books every charge in its settlement currency of the moment, so after this one in EUR a check
// against it would misread the orders charged before.
describe('a hotel’s debt of a fee sent in the settlement currency', () => {
  it('stays owed in the sale’s currency when the fee was sent in another, which its line shows', async () => {
    fx.payments.settlementCurrency = 'EUR';
    try {
      const debt = await refusedSale(await fx.user());
      const sent = fx.payments.transfers.get(`hotel-fee:${debt.orderId}`)!;
      expect(sent.currency).toBe('EUR');
      expect(await hotelPayable(debt.orderId)).toEqual({ USD: FEE });
      const line = (await run(['debts'])).find((printed) => printed.startsWith(debt.orderId));
      expect(line).toContain(`owes 15.00 USD (sent as ${(sent.amountCents / 100).toFixed(2)} EUR)\t`);
      await run(['debt-settled', debt.orderId, '--hotel', '--how', 'collected']);
      expect(await hotelPayable(debt.orderId)).toEqual({});
      // The double books every charge it is asked about in its settlement currency of the moment, so only this
      // order's own lines are compared: the others were charged before it changed.
      const { differences } = await reconcileLedger(db(), fx.payments);
      expect(differences.filter((difference) => difference.includes(debt.orderId))).toEqual([]);
    } finally {
      fx.payments.settlementCurrency = null;
    }
  });
});
