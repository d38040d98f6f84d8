import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { PROJECT_AUTH_ENV, projectToken } from '../helpers/project-tokens.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A public demo (DEMO_MODE=true) serves the test checkout's dashboard to anyone: its Refund undoes a sale as a
 * refund in the provider's dashboard does, so only the payment's buyer, signed in, or the demo operator may use it.
 */
const OPERATOR_TOKEN = 'demo-operator-token-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { ...PROJECT_AUTH_ENV, DEMO_MODE: 'true', DEMO_OPERATOR_TOKEN: OPERATOR_TOKEN },
  });
});
afterAll(() => server.close());

const db = () => server.database.db;

async function signedIn(id: string) {
  return { Authorization: `Bearer ${await projectToken(id, `${id.slice(0, 8)}@example.com`)}` };
}

/** A sale paid on the test checkout, as the product records it: the order names its buyer and payment. */
async function paidSale() {
  const seller = await insertProfile(db());
  const buyer = await insertProfile(db());
  const listingId = await insertListing(db(), seller);
  const { reservation_id } = await db()
    .selectFrom('listings')
    .select('reservation_id')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  const orderId = randomUUID();
  const now = new Date();
  const session = await server.adapters.payments.createCheckoutSession({
    orderId,
    listingId,
    buyerId: buyer,
    buyerEmail: 'buyer@example.com',
    amountCents: 12_000,
    currency: 'EUR',
    productName: 'Reservation for Double Room',
    productDescription: 'Two nights',
    successUrl: 'http://localhost:5173/payment/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:5173/payment/cancel',
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  const paid = await fetch(`${server.url}/test-checkout/${session.id}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bea Buyer' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const paymentIntentId = (await server.adapters.payments.retrieveCheckoutSession(session.id)).paymentIntentId!;
  await db()
    .insertInto('orders')
    .values({
      id: orderId,
      listing_id: listingId,
      reservation_id,
      buyer_id: buyer,
      seller_id: seller,
      amount_cents: 12_000,
      currency: 'EUR',
      state: 'paid',
      paid_at: now,
      payment_intent_id: paymentIntentId,
      checkout_session_id: session.id,
      hold_expires_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { buyer, paymentIntentId };
}

/** The refund form of the payment on the dashboard, posted as the browser posts it (its own token included). */
async function refund(paymentIntentId: string, init: { headers?: Record<string, string>; token?: string } = {}) {
  const html = await (await fetch(`${server.url}/test-checkout/dashboard`)).text();
  const form = html.slice(html.indexOf(`/payments/${paymentIntentId}/refund`));
  const formToken = /name="form_token" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const fields = { form_token: formToken, ...(init.token === undefined ? {} : { operator_token: init.token }) };
  return fetch(`${server.url}/test-checkout/dashboard/payments/${paymentIntentId}/refund`, {
    method: 'POST',
    headers: init.headers,
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

describe('the test dashboard’s Refund on a public demo', () => {
  it('asks for the demo operator token in a labelled field of each refund form', async () => {
    const { paymentIntentId } = await paidSale();
    const html = await (await fetch(`${server.url}/test-checkout/dashboard`)).text();
    expect(html).toContain(`action="/test-checkout/dashboard/payments/${paymentIntentId}/refund"`);
    expect(html).toMatch(/<label[^>]*>Demo operator token\s*<input type="password" name="operator_token"/);
  });

  it('refuses anyone but the payment’s buyer or the operator, and refunds nothing for them', async () => {
    const { buyer, paymentIntentId } = await paidSale();
    const stranger = await insertProfile(db());
    for (const attempt of [
      {},
      { headers: await signedIn(stranger) },
      { token: 'not-the-operator-token-0123456789abc' },
      { token: '' },
    ]) {
      const refused = await refund(paymentIntentId, attempt);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/refunded by its buyer, signed in, or with the demo operator token/);
    }
    expect(await server.adapters.payments.listRefunds(paymentIntentId)).toEqual([]);

    // The buyer, signed in, refunds their own payment.
    const byBuyer = await refund(paymentIntentId, { headers: await signedIn(buyer) });
    expect(byBuyer.status).toBe(303);
    expect(await server.adapters.payments.listRefunds(paymentIntentId)).toEqual([
      expect.objectContaining({ paymentIntentId, status: 'succeeded' }),
    ]);
  });

  it('lets the demo operator refund any payment with the token', async () => {
    const { paymentIntentId } = await paidSale();
    const byOperator = await refund(paymentIntentId, { token: OPERATOR_TOKEN });
    expect(byOperator.status).toBe(303);
    expect(await server.adapters.payments.listRefunds(paymentIntentId)).toEqual([
      expect.objectContaining({ paymentIntentId, status: 'succeeded' }),
    ]);
  });
});
