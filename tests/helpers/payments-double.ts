import Stripe from 'stripe';
import { AppError } from '../../server/http/errors.ts';
import type {
  CheckoutSession,
  CreateCheckoutInput,
  PaymentEvent,
  Payments,
} from '../../server/payments/stripe/payments.ts';

/** The webhook signing secret the double signs with and verifies against. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_buying_double';

/**
 * An in-memory payments provider for server tests: sessions in a Map, behaving as the port documents (one
 * session per order, expire leaves a finished session as it is, one refund per order). Its webhooks are
 * signed and verified by the `stripe` package exactly as Stripe's are, so the signature path is real.
 */
export class PaymentsDouble implements Payments {
  readonly mode = 'local' as const;
  readonly sessions = new Map<string, CheckoutSession>();
  readonly created: CreateCheckoutInput[] = [];
  /** Every refund call, repeats included; refunds by order id are what the provider would really hold. */
  readonly refundCalls: { paymentIntentId: string; orderId: string; reason: string }[] = [];
  readonly refunds = new Map<string, { id: string; status: string }>();
  private sequence = 0;
  private failures: Partial<Record<'create' | 'expire' | 'refund', Error>> = {};

  /** Makes the next call of that kind throw `error`. */
  failNext(call: 'create' | 'expire' | 'refund', error: Error) {
    this.failures[call] = error;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    this.throwIfFailing('create');
    this.created.push(input);
    // Like Stripe with the idempotency key `checkout:<orderId>`: a repeat returns the same session.
    const existing = [...this.sessions.values()].find((session) => session.clientReferenceId === input.orderId);
    if (existing) return { ...existing };
    const id = `cs_test_${++this.sequence}_${input.orderId.slice(0, 8)}`;
    const session: CheckoutSession = {
      id,
      url: `https://checkout.test/pay/${id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: input.amountCents,
      currency: input.currency.toLowerCase(),
      expiresAt: input.expiresAt,
      clientReferenceId: input.orderId,
      metadata: { orderId: input.orderId, listingId: input.listingId, buyerId: input.buyerId },
      paymentIntentId: null,
    };
    this.sessions.set(id, session);
    return { ...session };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    return { ...this.session(id) };
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSession> {
    this.throwIfFailing('expire');
    const session = this.session(id);
    if (session.status === 'open') Object.assign(session, { status: 'expired', url: null });
    return { ...session };
  }

  async refund(input: { paymentIntentId: string; orderId: string; reason: 'duplicate' | 'requested_by_customer' }) {
    this.throwIfFailing('refund');
    this.refundCalls.push(input);
    const refund = this.refunds.get(input.orderId) ?? { id: `re_test_${++this.sequence}`, status: 'succeeded' };
    this.refunds.set(input.orderId, refund);
    return refund;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new AppError('VALIDATION_ERROR', 'The Stripe-Signature header is missing.');
    let event: { id: string; type: string; created: number; data: { object: StripeSessionWire } };
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, TEST_WEBHOOK_SECRET) as unknown as typeof event;
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The webhook signature is not valid.');
    }
    const object = event.data.object;
    return { id: event.id, type: event.type, created: new Date(event.created * 1000), session: fromWire(object) };
  }

  /**
   * The buyer pays on the hosted page: the session becomes complete and paid, and the signed
   * `checkout.session.completed` delivery is returned for the test to post. `evenIfExpired` models a payment
   * the provider accepted in the instant its session expired.
   */
  pay(sessionId: string, { evenIfExpired = false } = {}) {
    const session = this.session(sessionId);
    if (session.status !== 'open' && !(evenIfExpired && session.status === 'expired')) {
      throw new Error(`session ${sessionId} is ${session.status}`);
    }
    Object.assign(session, {
      status: 'complete',
      paymentStatus: 'paid',
      url: null,
      paymentIntentId: `pi_test_${sessionId}`,
    });
    return this.signedEvent('checkout.session.completed', sessionId);
  }

  /** A signed delivery of `type` carrying the session as it is now. */
  signedEvent(type: string, sessionId: string, { eventId = `evt_test_${++this.sequence}` } = {}) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: toWire(this.session(sessionId)) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
    return { eventId, payload, signature };
  }

  private session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new AppError('NOT_FOUND', `No such checkout session: ${id}`);
    return session;
  }

  private throwIfFailing(call: 'create' | 'expire' | 'refund') {
    const failure = this.failures[call];
    if (!failure) return;
    delete this.failures[call];
    throw failure;
  }
}

interface StripeSessionWire {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: CheckoutSession['status'];
  payment_status: CheckoutSession['paymentStatus'];
  amount_total: number | null;
  currency: string | null;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
}

function toWire(session: CheckoutSession): StripeSessionWire {
  return {
    id: session.id,
    object: 'checkout.session',
    url: session.url,
    status: session.status,
    payment_status: session.paymentStatus,
    amount_total: session.amountTotalCents,
    currency: session.currency,
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    payment_intent: session.paymentIntentId,
  };
}

function fromWire(wire: StripeSessionWire): CheckoutSession {
  return {
    id: wire.id,
    url: wire.url,
    status: wire.status,
    paymentStatus: wire.payment_status,
    amountTotalCents: wire.amount_total,
    currency: wire.currency,
    expiresAt: new Date(wire.expires_at * 1000),
    clientReferenceId: wire.client_reference_id,
    metadata: wire.metadata,
    paymentIntentId: wire.payment_intent,
  };
}
