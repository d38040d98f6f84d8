import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderState } from '../../contract/order-state.ts';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { hotelAccessTokens } from '../../server/hotels/hotel-tokens.ts';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { testCipher } from '../helpers/hotels.ts';
import { TEST_ENTERPRISE_ID } from '../helpers/test-hotel.ts';

/**
 * "Cannot ask the hotel" is never "the reservation is gone": the hotel's token taken away in the middle of a
 * sale, at every state of its order, refunds, withdraws and cancels nothing, and the sale goes on once the
 * token can be used again. The PMS double asks hotels as the Mews adapter does, with the product's own token
 * source over the hotels table (a known hotel's token whatever its standing; one that does not decrypt unusable).
 */

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
const SELLER_EMAIL = 'sam.seller@example.com';
const HOTEL_TOKEN = `test-token-${TEST_ENTERPRISE_ID}`;

beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam', email: SELLER_EMAIL });
  fx.pms.tokens = hotelAccessTokens(db(), testCipher(), [], pino({ level: 'silent' }));
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;
const order = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const listingStatus = async (id: string) =>
  (await db().selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const refundsOf = (orderId: string) => fx.payments.refundCalls.filter((call) => call.orderId === orderId);
const setHotel = (changes: { status?: 'connected' | 'pending' | 'suspended'; access_token_ciphertext?: string }) =>
  db().updateTable('hotels').set(changes).where('enterprise_id', '=', TEST_ENTERPRISE_ID).execute();

/** Ways the hotel's token stops being usable, and how each is undone. */
const WITHDRAWALS = {
  'suspended, then refused by Mews (401)': {
    take: async () => {
      await setHotel({ status: 'suspended' });
      fx.pms.refusedTokens.add(HOTEL_TOKEN);
    },
  },
  'pending without an admin, then refused by Mews (401)': {
    take: async () => {
      await setHotel({ status: 'pending' });
      fx.pms.refusedTokens.add(HOTEL_TOKEN);
    },
  },
  'HOTEL_TOKEN_KEY changed: the token does not decrypt': {
    take: () =>
      setHotel({
        access_token_ciphertext: createTokenCipher({ current: '22'.repeat(32) }).encrypt(HOTEL_TOKEN, {
          hotel: TEST_ENTERPRISE_ID,
        }),
      }),
  },
};
async function giveTokenBack() {
  fx.pms.refusedTokens.delete(HOTEL_TOKEN);
  await setHotel({
    status: 'connected',
    access_token_ciphertext: testCipher().encrypt(HOTEL_TOKEN, { hotel: TEST_ENTERPRISE_ID }),
  });
}

/** A stay of a Mews reservation in the seller's name, sold and paid: its transfer job is queued. */
async function soldStay() {
  const held = await fx.heldStay(seller.id);
  const { externalId } = await fx.asMewsStayOf(held.listingId, SELLER_EMAIL);
  expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
  return { ...held, externalId };
}

/** Runs the job rounds due, the clock moved on between them (still days before check-in). */
async function rounds(count: number, stepMs = 10 * 60_000) {
  for (let round = 0; round < count; round += 1) {
    await runPaymentJobs(fx.deps);
    fx.clock.advance(stepMs);
  }
}

async function expectNothingUndone(sale: { orderId: string; listingId: string }, states: OrderState[]) {
  expect(states).toContain((await order(sale.orderId)).state);
  expect(refundsOf(sale.orderId)).toEqual([]);
  expect(await listingStatus(sale.listingId)).toBe('sold');
}

describe.each(Object.entries(WITHDRAWALS))('the hotel’s token taken away (%s)', (_, withdrawal) => {
  it('while the sale is paid: the transfer waits, nothing is refunded, and it goes through once the token is back', async () => {
    const sale = await soldStay();
    await withdrawal.take();
    await rounds(3);
    await expectNothingUndone(sale, ['paid', 'transferring']);
    await giveTokenBack();
    await rounds(3);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(refundsOf(sale.orderId)).toEqual([]);
  });

  it('while transferring after a lost reply: the retry refunds nobody, and finds the buyer named once it can read', async () => {
    const sale = await soldStay();
    fx.pms.lostReplies.add(sale.externalId);
    await rounds(1);
    expect((await order(sale.orderId)).state).toBe('transferring');
    await withdrawal.take();
    await rounds(3);
    await expectNothingUndone(sale, ['transferring', 'transfer_unknown']);
    await giveTokenBack();
    await rounds(4, 60 * 60_000);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(fx.pms.transfers.filter((t) => t.externalId === sale.externalId)).toHaveLength(1);
  });

  it('while the transfer is unknown: the confirming read waits, refunds nobody, and confirms once it can read', async () => {
    const sale = await soldStay();
    fx.pms.lostReplies.add(sale.externalId);
    fx.pms.transferFailures.set(
      sale.externalId,
      Array.from({ length: 20 }, () => new PmsTransferError('unavailable', 'timeout')),
    );
    await withdrawal.take();
    for (let round = 0; round < 20 && (await order(sale.orderId)).state !== 'transfer_unknown'; round += 1)
      await rounds(1);
    await expectNothingUndone(sale, ['transfer_unknown']);
    // The hotel names the buyer (an earlier attempt went through); the token is what stops Restay reading it.
    const atHotel = fx.pms.reservations.get(sale.externalId)!;
    fx.pms.reservations.set(sale.externalId, { ...atHotel, guest: { ...atHotel.guest, email: sale.buyer.email } });
    await rounds(3, 60 * 60_000);
    await expectNothingUndone(sale, ['transfer_unknown']);
    await giveTokenBack();
    await rounds(4, 2 * 60 * 60_000);
    expect((await order(sale.orderId)).state).toBe('transferred');
    expect(refundsOf(sale.orderId)).toEqual([]);
  });

  it('once transferred under check-in release: a hotel notice cancels no payout until the hotel can be read', async () => {
    fx.setPayoutRelease('check_in');
    try {
      const sale = await soldStay();
      await rounds(2);
      expect((await order(sale.orderId)).state).toBe('transferred');
      await withdrawal.take();
      const atHotel = fx.pms.reservations.get(sale.externalId)!;
      fx.pms.reservations.set(sale.externalId, {
        ...atHotel,
        state: 'cancelled',
        cancellationReason: 'ServiceNotAvailable',
      });
      await notifyHotelChange(sale.externalId);
      await rounds(3);
      await expectNothingUndone(sale, ['transferred']);
      const payout = () =>
        db().selectFrom('payouts').select('state').where('order_id', '=', sale.orderId).executeTakeFirst();
      expect((await payout())?.state).toBe('scheduled');
      await giveTokenBack();
      await rounds(4, 60 * 60_000);
      // Read at last: the hotel itself cancelled the stay, so the buyer is refunded and the payout cancelled.
      expect(await order(sale.orderId)).toMatchObject({ state: 'refunded', refund_reason: 'cancelled_by_hotel' });
      expect((await payout())?.state).toBe('cancelled');
    } finally {
      fx.setPayoutRelease('transferred');
    }
  });

  it('before anyone pays: Book Now answers a retryable 502 and the listing stays live; it sells once readable', async () => {
    const listingId = await fx.listStay(seller.id);
    const buyer = await fx.user();
    await withdrawal.take();
    try {
      const refused = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), buyer.auth);
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({ success: false, code: 'UPSTREAM_ERROR' });
      expect(await listingStatus(listingId)).toBe('active');
    } finally {
      await giveTokenBack();
    }
    const paying = await fx.postJson('/api/payment/create-checkout-session', checkoutBody(listingId), buyer.auth);
    expect(paying.status).toBe(200);
  });
});

describe('a suspended or pending hotel whose system still accepts Restay’s token', () => {
  it.each(['suspended', 'pending'] as const)('finishes a sale already paid (%s)', async (status) => {
    const sale = await soldStay();
    await setHotel({ status });
    try {
      await rounds(2);
      expect((await order(sale.orderId)).state).toBe('transferred');
      expect(refundsOf(sale.orderId)).toEqual([]);
    } finally {
      await giveTokenBack();
    }
  });
});

function notifyHotelChange(reservationId: string) {
  return fx.server.request(`/api/mews/webhook?Token=${encodeURIComponent(fx.server.config.mewsWebhookToken)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      EnterpriseId: TEST_ENTERPRISE_ID,
      IntegrationId: 'c8bee838-7fb1-4f4e-8fac-ac87008b2f90',
      Events: [{ Discriminator: 'ServiceOrderUpdated', Value: { Id: reservationId } }],
    }),
  });
}
