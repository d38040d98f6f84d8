import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutRelease, PayoutState } from '../../contract/payouts.ts';
import { registerBuyingJobs, runPaymentJobs } from '../../server/buying-jobs.ts';
import { AppError } from '../../server/http/errors.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { claimNextJob, runClaimedJob } from '../../server/jobs/worker.ts';
import { reconcileLedger } from '../../server/ledger/reconcile.ts';
import { sweepLapsedHolds } from '../../server/payments/payment-jobs.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { listSellerDebts } from '../../server/payouts/seller-debts.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { assertMoneyHolds, refundOnlyWhenRefunding } from '../helpers/money-invariants.ts';

/**
 * A refund made by hand in the provider's dashboard (`charge.refunded`) at every state an order and its payout
 * can be in, under both payout releases, in three sale currencies on a platform settling in EUR. Whatever the
 * moment, once the work drained the order is refunded, its payout is none, cancelled, reversed or (when the
 * provider refuses the reversal) the seller's recorded debt, the provider made at most one transfer for it, and
 * the money equation holds in the ledger and at the provider (ledger:check finds nothing); it holds at each step
 * too, but for money work still queued.
 */
let fx: BuyingFixture;
let undoRefundCheck: () => void;

beforeAll(async () => {
  fx = await startBuyingServer();
  fx.payments.settlementCurrency = 'EUR';
  undoRefundCheck = refundOnlyWhenRefunding(fx);
});
afterAll(async () => {
  undoRefundCheck();
  await fx.close();
});

const db = () => fx.server.database.db;
const MINUTE = 60_000;
const PRICES = { EUR: 12_000, CZK: 300_000, USD: 13_000 } as const;
type SaleCurrency = keyof typeof PRICES;

interface Sale {
  orderId: string;
  listingId: string;
  paymentIntentId: string;
  externalId: string;
  release: PayoutRelease;
  /** Refunds the payment by hand in the provider's dashboard; its `charge.refunded` reaches the webhook. */
  refundByHand(): Promise<void>;
}

const orderState = async (orderId: string) =>
  (await db().selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirstOrThrow()).state;
const payoutOf = (orderId: string) =>
  db().selectFrom('payouts').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** Runs due jobs one at a time until `done` says the sale is where the moment wants it. */
async function runJobsUntil(done: () => Promise<boolean>) {
  const registry = registerBuyingJobs(new JobRegistry(), fx.deps);
  const worker = { ...fx.deps, registry, workerId: 'one-job-at-a-time' };
  while (!(await done())) {
    const job = await claimNextJob(worker, worker.workerId);
    if (!job) throw new Error('no job left, and the sale is not where the moment wants it');
    await runClaimedJob(worker, job);
  }
}

/** Time passes and the workers run until no job is due or running. */
async function drain() {
  for (let round = 0; round < 40; round += 1) {
    fx.clock.advance(60 * MINUTE);
    await sweepLapsedHolds(fx.deps);
    await runPaymentJobs(fx.deps);
    const busy = await db()
      .selectFrom('jobs')
      .select('id')
      .where('state', 'in', ['pending', 'running'])
      .where('run_at', '<=', fx.clock())
      .executeTakeFirst();
    if (!busy) return;
  }
  throw new Error('the work did not drain');
}

/** Runs every due job, then, with payouts released at check-in, passes the stay's check-in and runs them again. */
async function payOut(sale: Sale) {
  await runPaymentJobs(fx.deps);
  if (sale.release !== 'check_in') return;
  await fx.passCheckIn(sale.listingId);
  await runPaymentJobs(fx.deps);
}

interface Moment {
  name: string;
  /** The seller has a payout account ready to receive transfers. */
  sellerReady: boolean;
  /** The payout each release leaves after the refund; absent: no payout was ever made for the order. */
  payoutAfter?: PayoutState;
  /**
   * Refunded once check-in passed (payouts released at check-in): the hotel is no longer asked to name the seller
   * again, so the buyer keeps the stay, the seller keeps this payout and the refund is the platform's loss.
   */
  keptAfterCheckIn?: PayoutState;
  /** Brings the paid sale to the moment and refunds it by hand there. */
  reach(sale: Sale): Promise<void>;
}

const MOMENTS: Moment[] = [
  {
    name: 'paid, nothing run yet',
    sellerReady: true,
    reach: (sale) => sale.refundByHand(),
  },
  {
    name: 'transferring, while the hotel makes the change',
    sellerReady: true,
    async reach(sale) {
      const { transferToGuest } = fx.pms;
      fx.pms.transferToGuest = async (externalId, guest) => {
        fx.pms.transferToGuest = transferToGuest;
        await sale.refundByHand();
        return transferToGuest.call(fx.pms, externalId, guest);
      };
      await runPaymentJobs(fx.deps);
    },
  },
  {
    name: 'transferring, a retry due after the hotel’s outage',
    sellerReady: true,
    async reach(sale) {
      fx.pms.transferFailures.set(sale.externalId, [new PmsTransferError('unavailable', '503 from the hotel')]);
      await runPaymentJobs(fx.deps);
      expect(await orderState(sale.orderId)).toBe('transferring');
      await sale.refundByHand();
    },
  },
  {
    name: 'transfer_unknown',
    sellerReady: true,
    async reach(sale) {
      fx.pms.unreachable = true;
      for (let round = 0; round < 20 && (await orderState(sale.orderId)) !== 'transfer_unknown'; round += 1) {
        await runPaymentJobs(fx.deps);
        fx.clock.advance(60 * MINUTE);
      }
      expect(await orderState(sale.orderId)).toBe('transfer_unknown');
      await sale.refundByHand();
      fx.pms.unreachable = false;
    },
  },
  {
    name: 'transferred, its payout not yet scheduled',
    sellerReady: true,
    async reach(sale) {
      await runJobsUntil(async () => (await orderState(sale.orderId)) === 'transferred');
      expect(await payoutOf(sale.orderId)).toBeUndefined();
      await sale.refundByHand();
    },
  },
  {
    name: 'transferred, its payout scheduled and not yet sent',
    sellerReady: true,
    payoutAfter: 'cancelled',
    async reach(sale) {
      await runJobsUntil(async () => (await payoutOf(sale.orderId)) !== undefined);
      expect((await payoutOf(sale.orderId))?.state).toBe('scheduled');
      await sale.refundByHand();
    },
  },
  {
    name: 'transferred, its payout waiting for the seller’s payout account',
    keptAfterCheckIn: 'waiting_account',
    sellerReady: false,
    payoutAfter: 'cancelled',
    async reach(sale) {
      await payOut(sale);
      expect((await payoutOf(sale.orderId))?.state).toBe('waiting_account');
      await sale.refundByHand();
    },
  },
  {
    name: 'transferred, its payout made at the provider with the reply lost',
    keptAfterCheckIn: 'paid',
    sellerReady: true,
    payoutAfter: 'reversed',
    async reach(sale) {
      fx.payments.loseNextTransferReply = true;
      await payOut(sale);
      expect((await payoutOf(sale.orderId))?.state).toBe('scheduled');
      expect(fx.payments.transfers.get(sale.orderId)).toBeDefined();
      await sale.refundByHand();
    },
  },
  {
    name: 'transferred, its payout paid',
    keptAfterCheckIn: 'paid',
    sellerReady: true,
    payoutAfter: 'reversed',
    async reach(sale) {
      await payOut(sale);
      expect((await payoutOf(sale.orderId))?.state).toBe('paid');
      await sale.refundByHand();
    },
  },
  {
    name: 'transferred, its payout paid and the provider refusing to reverse it',
    keptAfterCheckIn: 'paid',
    sellerReady: true,
    payoutAfter: 'reversal_failed',
    async reach(sale) {
      await payOut(sale);
      fx.payments.refuseReversals = true;
      await sale.refundByHand();
    },
  },
  {
    name: 'refund_pending, the operator’s refund refused for lack of balance',
    sellerReady: true,
    payoutAfter: 'reversed',
    async reach(sale) {
      await payOut(sale);
      await runOrdersCommand(['refund', sale.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
      fx.payments.failNext(
        'refund',
        new AppError('CONFLICT', 'The payment provider’s balance cannot cover this.', {
          providerCode: 'balance_insufficient',
          reason: 'balance_insufficient',
        }),
      );
      await runPaymentJobs(fx.deps);
      expect(await orderState(sale.orderId)).toBe('refund_pending');
      await sale.refundByHand();
    },
  },
];

const CURRENCIES: SaleCurrency[] = ['EUR', 'CZK', 'USD'];
const RELEASES: PayoutRelease[] = ['transferred', 'check_in'];

/** A seller, with a payout account ready to receive transfers or none. */
async function newSeller(ready: boolean) {
  const seller = await fx.user();
  if (!ready) return seller;
  await fx.listStay(seller.id);
  expect((await fx.postJson('/api/payouts/onboarding', {}, seller.auth)).status).toBe(200);
  const account = [...fx.payments.accounts.values()].find((candidate) => candidate.owner === seller.id)!;
  expect((await fx.deliver(fx.payments.makeAccountReady(account.id))).status).toBe(200);
  return seller;
}

/** A stay of the seller in `currency`, paid for by a buyer: the payment's event delivered, no job run yet. */
async function paidSale(sellerId: string, currency: SaleCurrency, release: PayoutRelease): Promise<Sale> {
  const held = await fx.heldStay(sellerId, { currency, price_cents: PRICES[currency] });
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  const { payment_intent_id } = await db()
    .selectFrom('orders')
    .select('payment_intent_id')
    .where('id', '=', held.orderId)
    .executeTakeFirstOrThrow();
  const { externalId } = await fx.reservationOf(held.listingId);
  const paymentIntentId = payment_intent_id!;
  return {
    ...held,
    paymentIntentId,
    externalId,
    release,
    async refundByHand() {
      expect((await fx.deliver(fx.payments.refundByHand(paymentIntentId))).status).toBe(200);
      await assertMoneyHolds(fx, [held.orderId]);
    },
  };
}

describe('a refund by hand in the provider’s dashboard', () => {
  const cases = RELEASES.flatMap((release, r) =>
    MOMENTS.map((moment, m) => ({ release, moment, currency: CURRENCIES[(m + r) % CURRENCIES.length]! })),
  );
  it.each(cases)('at $moment.name (release $release, $currency)', async ({ release, moment, currency }) => {
    fx.setPayoutRelease(release);
    const seller = await newSeller(moment.sellerReady);
    const sale = await paidSale(seller.id, currency, release);
    try {
      await moment.reach(sale);
      await drain();
    } finally {
      Object.assign(fx.payments, { refuseReversals: false, loseNextTransferReply: false });
      fx.pms.unreachable = false;
    }

    expect(await orderState(sale.orderId)).toBe('refunded');
    const keptByBuyer = release === 'check_in' && moment.keptAfterCheckIn !== undefined;
    const payout = await payoutOf(sale.orderId);
    expect(payout?.state).toBe(keptByBuyer ? moment.keptAfterCheckIn : moment.payoutAfter);
    const { reverse_handover } = await db()
      .selectFrom('orders')
      .select('reverse_handover')
      .where('id', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    if (keptByBuyer) expect(reverse_handover).toBe('kept_by_buyer');
    else if (moment.name.startsWith('transferred')) expect(reverse_handover).toBe('returned_to_seller');
    const transfers = fx.payments.transferLog.filter((transfer) => transfer.transferGroup === sale.orderId);
    expect(transfers.length).toBeLessThanOrEqual(1);
    const keptBySeller = transfers.reduce((sum, t) => sum + t.amountCents - t.amountReversedCents, 0);
    const debts = (await listSellerDebts(db())).filter((debt) => debt.orderId === sale.orderId);
    if (keptByBuyer) {
      expect(keptBySeller).toBe(moment.keptAfterCheckIn === 'paid' ? transfers[0]!.amountCents : 0);
      expect(debts).toEqual([]);
    } else if (moment.payoutAfter === 'reversal_failed') {
      expect(keptBySeller).toBeGreaterThan(0);
      expect(debts).toEqual([expect.objectContaining({ amountCents: keptBySeller, currency: 'EUR' })]);
    } else {
      expect(keptBySeller).toBe(0);
      expect(debts).toEqual([]);
    }
    expect(await fx.payments.listRefunds(sale.paymentIntentId)).toHaveLength(1);
    await assertMoneyHolds(fx, [sale.orderId]);
    expect((await reconcileLedger(db(), fx.payments)).differences).toEqual([]);
  });
});
