import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { PayoutsCommandError, PAYOUTS_USAGE, runPayoutsCommand } from '../../server/payouts/payouts-command.ts';
import { listSellerDebts } from '../../server/payouts/seller-debts.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { payableOf } from '../helpers/debts.ts';

/**
 * A seller's debt (the provider refused to reverse the payout of a refunded stay) is kept in the ledger in the
 * currency the transfer sent, the settlement currency, whatever the sale's; an operator records it collected or
 * written off with `npm run payouts -- debt-settled`, which posts to the ledger, and ledger:check reconciles.
 */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
  fx.payments.settlementCurrency = 'EUR';
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const run = (argv: string[]) => runPayoutsCommand(argv, fx.deps);

async function readySeller() {
  const seller = await fx.user();
  await fx.listStay(seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  const account = [...fx.payments.accounts.values()].find((candidate) => candidate.owner === seller.id)!;
  expect((await fx.deliver(fx.payments.makeAccountReady(account.id))).status).toBe(200);
  return seller;
}

/** A sale paid out to its seller, refunded by hand, whose payout the provider refuses to reverse. */
async function debtOf(currency: 'CZK' | 'EUR', priceCents: number) {
  const seller = await readySeller();
  const held = await fx.heldStay(seller.id, { currency, price_cents: priceCents });
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  await runPaymentJobs(fx.deps);
  const transfer = fx.payments.transfers.get(held.orderId)!;
  expect(transfer.currency).toBe('EUR');
  fx.payments.refuseReversals = true;
  try {
    expect((await fx.deliver(fx.payments.refundByHand(`pi_test_${held.sessionId}`))).status).toBe(200);
    await runPaymentJobs(fx.deps);
  } finally {
    fx.payments.refuseReversals = false;
  }
  const payout = await db().selectFrom('payouts').selectAll().where('order_id', '=', held.orderId).executeTakeFirst();
  expect(payout?.state).toBe('reversal_failed');
  return { orderId: held.orderId, sellerId: seller.id, transfer };
}

const sellerPayable = (orderId: string) => payableOf(fx, orderId, 'seller_payable');

const balanceOf = async (account: string, currency: string) =>
  (await reconcileLedger(db())).balances.find((b) => b.account === account && b.currency === currency)?.amountCents ??
  0;

describe('a seller’s debt', () => {
  it('is kept in the settlement currency, the amount the debts list shows, for a sale in another', async () => {
    const debt = await debtOf('CZK', 300_000);
    expect(await sellerPayable(debt.orderId)).toEqual({ EUR: debt.transfer.amountCents });
    const [listed] = (await listSellerDebts(db())).filter((row) => row.orderId === debt.orderId);
    expect(listed).toMatchObject({ amountCents: debt.transfer.amountCents, currency: 'EUR' });
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });

  it('is recorded collected once, posting it to the ledger, and leaves the debts list', async () => {
    const debt = await debtOf('CZK', 250_000);
    const collectedBefore = await balanceOf('collected_debts', 'EUR');
    const lines = await run(['debt-settled', debt.orderId, '--how', 'collected']);
    expect(lines).toEqual([
      `Order ${debt.orderId}: the seller's debt of ${(debt.transfer.amountCents / 100).toFixed(2)} EUR (seller ` +
        `${debt.sellerId}) is recorded collected; it is no longer listed by npm run payouts -- debts.`,
    ]);
    expect(await sellerPayable(debt.orderId)).toEqual({});
    expect(await balanceOf('collected_debts', 'EUR')).toBe(collectedBefore + debt.transfer.amountCents);
    expect((await listSellerDebts(db())).map((row) => row.orderId)).not.toContain(debt.orderId);
    const payout = await db().selectFrom('payouts').selectAll().where('order_id', '=', debt.orderId).executeTakeFirst();
    expect(payout).toMatchObject({ state: 'reversal_failed', debt_settled: 'collected' });
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);

    const writtenOffBefore = await balanceOf('written_off_debts', 'EUR');
    await expect(run(['debt-settled', debt.orderId, '--how', 'written_off'])).rejects.toThrow(
      `The debt of order ${debt.orderId} is already recorded collected.`,
    );
    expect(await balanceOf('written_off_debts', 'EUR')).toBe(writtenOffBefore);
    expect(await sellerPayable(debt.orderId)).toEqual({});
  });

  it('is recorded written off as the platform’s loss', async () => {
    const debt = await debtOf('EUR', 12_000);
    const writtenOffBefore = await balanceOf('written_off_debts', 'EUR');
    await run(['debt-settled', debt.orderId, '--how', 'written_off']);
    expect(await sellerPayable(debt.orderId)).toEqual({});
    expect(await balanceOf('written_off_debts', 'EUR')).toBe(writtenOffBefore + debt.transfer.amountCents);
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });
});

describe('npm run payouts -- debt-settled', () => {
  it('refuses a bad command with one line per bad argument, changing nothing', async () => {
    const debt = await debtOf('EUR', 15_000);
    const seller = await readySeller();
    const paid = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(paid.sessionId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refusals: [string[], string[]][] = [
      [[], [PAYOUTS_USAGE]],
      [['debts', 'extra'], [PAYOUTS_USAGE]],
      [['debt-settled'], [`An order id is required. ${PAYOUTS_USAGE}`, '--how is required: collected or written_off.']],
      [
        ['debt-settled', 'nope', '--how', 'maybe'],
        ['Not an order id: nope.', 'Unknown outcome "maybe": use collected or written_off.'],
      ],
      [['debt-settled', debt.orderId], ['--how is required: collected or written_off.']],
      [['debt-settled', debt.orderId, '--how'], ['--how needs a value: collected or written_off.']],
      [['debt-settled', debt.orderId, '--how', 'collected', '--how', 'written_off'], ['--how is given twice.']],
      [['debt-settled', debt.orderId, '--how', 'collected', '--note', 'x'], ['Unknown argument "--note".']],
      [
        ['debt-settled', paid.orderId, '--how', 'collected'],
        [`Order ${paid.orderId} has no seller's debt: its payout is paid.`],
      ],
      [
        ['debt-settled', unknown, '--how', 'collected'],
        [`Order ${unknown} has no seller's debt: its payout is absent.`],
      ],
    ];
    const ledgerRows = async () =>
      (
        await db()
          .selectFrom('ledger_transactions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = { ledger: await ledgerRows(), debts: await listSellerDebts(db()) };
    for (const [argv, lines] of refusals) {
      const refusal = await run(argv).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, argv.join(' ')).toBeInstanceOf(PayoutsCommandError);
      expect((refusal as PayoutsCommandError).lines, argv.join(' ')).toEqual(lines);
    }
    expect({ ledger: await ledgerRows(), debts: await listSellerDebts(db()) }).toEqual(before);
  });
});
