import { configure } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { PurchasedStay } from '../../contract/buying.ts';
import type { Listing } from '../../contract/listing.ts';
import { makeListing } from './factories.ts';
import { configReply, server } from './msw.ts';

// Buying tests render whole routes whose code loads on first use; on a busy machine that takes over a second.
configure({ asyncUtilTimeout: 5_000 });

type Reply = { status?: number; body: JsonBodyType };

const reply = ({ status = 200, body }: Reply) => HttpResponse.json(body, { status });

/** GET /api/listings/:id answers each listing in turn (the last one stays), as the API's envelope. */
export function mockListing(...versions: Listing[]): { reads: () => number } {
  let reads = 0;
  server.use(
    http.get(`/api/listings/${versions[0]!.id}`, () => {
      const listing = versions[Math.min(reads, versions.length - 1)];
      reads += 1;
      return HttpResponse.json({ success: true, data: listing });
    }),
  );
  return { reads: () => reads };
}

/** POST /api/payment/create-checkout-session: records each body and answers `answer`. */
export function mockCreateCheckout(answer: Reply) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/payment/create-checkout-session', async ({ request }) => {
      bodies.push(await request.json());
      return reply(answer);
    }),
  );
  return bodies;
}

export const checkoutCreated = (
  url = 'https://checkout.example.test/c/pay/cs_test_1',
  sessionId = 'cs_test_1',
): Reply => ({
  body: { success: true, data: { url, sessionId, orderId: 'order-1', expiresAt: '2026-03-01T10:30:00.000Z' } },
});

/** GET /api/payment/session-status/:id: each call gets the next answer (the last one repeats). */
export function mockSessionStatus(...answers: (Reply | (() => Promise<Reply>))[]) {
  const calls: string[] = [];
  server.use(
    http.get('/api/payment/session-status/:sessionId', async ({ params }) => {
      const answer = answers[Math.min(calls.length, answers.length - 1)]!;
      calls.push(String(params.sessionId));
      return reply(typeof answer === 'function' ? await answer() : answer);
    }),
  );
  return calls;
}

export const sessionStatus = (status: string, listingId = 'listing-1'): Reply => ({
  body: {
    success: true,
    data: {
      status,
      session: {
        id: 'cs_test_1',
        payment_status: status === 'paid' ? 'paid' : 'unpaid',
        metadata: { buyerId: 'buyer', listingId, orderId: 'order-1' },
      },
      orderState: status === 'paid' ? 'paid' : 'open',
      listingId,
    },
  },
});

/** PATCH /api/listings/:id/purchase: records the listing id and body. */
export function mockPurchase(answer: Reply = { body: { success: true, data: {} } }) {
  const calls: { id: string; body: unknown }[] = [];
  server.use(
    http.patch('/api/listings/:id/purchase', async ({ params, request }) => {
      calls.push({ id: String(params.id), body: await request.json() });
      return reply(answer);
    }),
  );
  return calls;
}

/** POST /api/payment/cancel: records each body. */
export function mockCancelCheckout() {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/payment/cancel', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: true, data: { released: true } });
    }),
  );
  return bodies;
}

/** GET /api/listings/purchased/:userId answers each reply in turn (the last one repeats). */
export function mockPurchasedStays(...answers: Reply[]) {
  const calls: string[] = [];
  server.use(
    http.get('/api/listings/purchased/:userId', ({ params }) => {
      const answer = answers[Math.min(calls.length, answers.length - 1)]!;
      calls.push(String(params.userId));
      return reply(answer);
    }),
  );
  return calls;
}

export function makePurchasedStay(
  overrides: Partial<Listing> = {},
  order: Partial<PurchasedStay['order']> = {},
): PurchasedStay {
  const listing = makeListing({ status: 'sold', ...overrides });
  return {
    ...listing,
    order: {
      id: `order-${listing.id}`,
      state: 'paid',
      amount: listing.price,
      currency: listing.currency,
      paidAt: '2026-02-01T10:00:00.000Z',
      ...order,
    },
  };
}

/** GET /api/config with the payments part the server adds: Stripe mode with a publishable key, or local. */
export function mockPaymentsConfig(payments: { mode: 'stripe' | 'local'; publishableKey: string | null }) {
  server.use(http.get('/api/config', () => configReply({ payments })));
}
