import { configure } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { sessionStatusSchema, type PurchasedStay } from '../../contract/buying.ts';
import type { Handover, RefundInfo } from '../../contract/handover.ts';
import {
  isOrderState,
  isPaymentRecorded,
  REFUND_REASON_MESSAGES,
  type RefundReason,
} from '../../contract/order-state.ts';
import type { Listing, ListingWithViewer } from '../../contract/listing.ts';
import { makeListing } from './factories.ts';
import { configReply, server } from './msw.ts';

// Buying tests render whole routes whose code loads on first use; on a busy machine that takes over a second.
configure({ asyncUtilTimeout: 5_000 });

type Reply = { status?: number; body: JsonBodyType };

const reply = ({ status = 200, body }: Reply) => HttpResponse.json(body, { status });

/**
 * GET /api/listings/:id answers each listing in turn (the last one stays), as the API's envelope; a listing is
 * not held by its viewer unless the test says so. Records whether each read carried a bearer token.
 */
export function mockListing(...versions: ListingWithViewer[]): { reads: () => number; bearers: () => boolean[] } {
  const bearers: boolean[] = [];
  server.use(
    http.get(`/api/listings/${versions[0]!.id}`, ({ request }) => {
      const listing = versions[Math.min(bearers.length, versions.length - 1)];
      bearers.push(request.headers.get('authorization')?.startsWith('Bearer ') ?? false);
      return HttpResponse.json({ success: true, data: { held_by_viewer: false, ...listing } });
    }),
  );
  return { reads: () => bearers.length, bearers: () => bearers };
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

/**
 * GET /api/payment/session-status's reply: `status` is the order's state once the payment is recorded or the
 * checkout ended, else the provider's session status (the order is then open).
 */
export const sessionStatus = (status: string, listingId = 'listing-1', refund: RefundInfo | null = null): Reply => {
  const orderState = isOrderState(status) ? status : 'open';
  return {
    body: {
      success: true,
      data: sessionStatusSchema.parse({
        status,
        session: {
          id: 'cs_test_1',
          payment_status: isPaymentRecorded(orderState) ? 'paid' : 'unpaid',
          metadata: { buyerId: 'buyer', listingId, orderId: 'order-1' },
        },
        orderState,
        listingId,
        refund,
      }),
    },
  };
};

/** Why a payment went back, as the server says it. */
export const refundInfo = (reason: RefundReason, refundedAt: string | null = null): RefundInfo => ({
  reason,
  message: REFUND_REASON_MESSAGES.buyer[reason],
  requestedAt: '2026-02-01T10:05:00.000Z',
  refundedAt,
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
      timeline: [
        { state: 'open', at: '2026-02-01T09:58:00.000Z' },
        { state: 'paid', at: '2026-02-01T10:00:00.000Z' },
      ],
      handover: null,
      refund: null,
      transferRetry: null,
      reverseHandover: null,
      ...order,
    },
  };
}

/** The reservation as the hotel holds it once it is in the buyer's name. */
export const handoverOf = (overrides: Partial<Handover> = {}): Handover => ({
  confirmationNumber: 'MIR-77120',
  hotelName: 'Hotel Miradouro',
  hotelAddress: 'Rua das Flores 12, Lisbon, Portugal',
  checkIn: '2026-03-03',
  checkOut: '2026-03-07',
  timeZone: 'Europe/Lisbon',
  guestName: 'Ana Silva',
  transferredAt: '2026-02-01T10:02:00.000Z',
  ...overrides,
});

/** GET /api/config with the payments part the server adds: Stripe mode with a publishable key, or local. */
export function mockPaymentsConfig(payments: { mode: 'stripe' | 'local'; publishableKey: string | null }) {
  server.use(http.get('/api/config', () => configReply({ payments })));
}
