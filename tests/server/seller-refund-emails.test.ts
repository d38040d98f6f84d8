import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { runOrdersCommand } from '../../server/payments/orders-command.ts';
import { transferredSaleOfReadySeller } from '../helpers/ready-seller.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';

/** A seller whose stay, already the buyer's, is refunded hears it, with what became of their payout. */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const payoutState = async (orderId: string) =>
  (await db().selectFrom('payouts').select('state').where('order_id', '=', orderId).executeTakeFirstOrThrow()).state;
const SUBJECT = 'The buyer of your stay at Hotel Test was refunded';
const refundedMail = (email: string) =>
  fx.mailer.sent.filter((message) => message.to === email && message.subject === SUBJECT);

const transferredSale = (release: 'transferred' | 'check_in') => transferredSaleOfReadySeller(fx, release);

describe('the seller of a refunded stay already in the buyer’s name', () => {
  it('is emailed when an operator refunds it and the payout sent is taken back', async () => {
    const sale = await transferredSale('transferred');
    expect(await payoutState(sale.orderId)).toBe('paid');
    await runOrdersCommand(['refund', sale.orderId, '--reason', 'cancelled_by_hotel'], fx.deps);
    await runPaymentJobs(fx.deps);
    await runPaymentJobs(fx.deps);
    expect(await payoutState(sale.orderId)).toBe('reversed');
    const [mail, ...more] = refundedMail(sale.seller.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Why: The hotel cancelled or changed the reservation.');
    expect(mail!.text).toMatch(/Your payout of .* has been taken back from your payout account\./);
  });

  it('is emailed when the buyer is refunded by hand and the payout, not sent yet, is cancelled', async () => {
    const sale = await transferredSale('check_in');
    expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    expect(await payoutState(sale.orderId)).toBe('cancelled');
    const [mail] = refundedMail(sale.seller.email);
    expect(mail!.text).toContain("Why: Restay's team refunded the buyer's payment by hand.");
    expect(mail!.text).toMatch(/Your payout of .* is cancelled: it had not been sent to you yet\./);
  });

  it('is emailed that they owe the payout when the provider refuses to reverse it', async () => {
    const sale = await transferredSale('transferred');
    fx.payments.refuseReversals = true;
    try {
      expect((await fx.deliver(fx.payments.refundByHand(sale.paymentIntentId))).status).toBe(200);
      await runPaymentJobs(fx.deps);
      await runPaymentJobs(fx.deps);
    } finally {
      fx.payments.refuseReversals = false;
    }
    expect(await payoutState(sale.orderId)).toBe('reversal_failed');
    const [mail] = refundedMail(sale.seller.email);
    expect(mail!.text).toMatch(/could not be taken back from your payout account, so you owe it back/);
  });
});
