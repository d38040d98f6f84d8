import type { RefundReason } from '../../contract/order-state.ts';
import Stripe from 'stripe';
import { AppError } from '../../server/http/errors.ts';
import {
  transferGroupOf,
  type CheckoutSession,
  type CreateCheckoutInput,
  type Payee,
  type PaymentEvent,
  type Payments,
  type PayoutAccount,
  type PayoutAccountOwner,
  type ProviderTransferReversal,
  type WebhookEndpoint,
} from '../../server/payments/stripe/payments.ts';
import type {
  ProviderBalanceTransaction,
  ProviderRefund,
  ProviderTransfer,
} from '../../server/ledger/provider-records.ts';
import { fromStripeAmount, toStripeAmount } from '../../server/payments/stripe/stripe-amounts.ts';
import { cardFee, convertMinor, rateBetween, type RatesPerEuro } from '../../server/standins/stripe/balance.ts';

/** The double's own fixed rates (units per euro), so the amounts its tests expect never move. */
const DOUBLE_RATES_PER_EUR: RatesPerEuro = { eur: 1, chf: 0.95, czk: 25, gbp: 0.85, jpy: 160, usd: 1.08 };

/** The webhook signing secret the double signs with and verifies against. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_buying_double';
/** The Connect endpoint's own secret: connected accounts' events are signed with it. */
export const TEST_CONNECT_WEBHOOK_SECRET = 'whsec_test_buying_double_connect';

/**
 * An in-memory payments provider for server tests: sessions in a Map, behaving as the port documents (one
 * session per order, expire leaves a finished session as it is, one refund per order). Its webhooks are
 * signed and verified by the `stripe` package exactly as Stripe's are, so the signature path is real.
 */
export class PaymentsDouble implements Payments {
  readonly mode = 'local' as const;
  /** The provider's clock: when a buyer pays, and when an event is created. */
  constructor(private readonly clock: () => Date = () => new Date()) {}

  readonly sessions = new Map<string, CheckoutSession>();
  readonly created: CreateCheckoutInput[] = [];
  /** Every onboarding link asked for, with the pages it returns the seller to. */
  readonly onboardingLinks: { accountId: string; refreshUrl: string; returnUrl: string }[] = [];
  /** Every refund call, repeats included. */
  readonly refundCalls: { paymentIntentId: string; orderId: string; reason: RefundReason | null }[] = [];
  /** The refunds the provider holds, by payment intent (made through the API or by hand in the dashboard). */
  readonly refunds = new Map<string, ProviderRefund[]>();
  /** The refund made under each `refund:<orderId>` idempotency key, replayed on a repeat (for 24 hours). */
  private readonly refundKeys = new Map<string, ProviderRefund>();
  /** Set to make the next refund go through at the provider while its reply is lost on the way back. */
  loseNextRefundReply = false;
  private sequence = 0;
  private failures: Partial<Record<FailingCall, Error[]>> = {};
  /** Sessions whose every expire call fails with the given error (a provider that keeps refusing one). */
  readonly failingExpiries = new Map<string, Error>();
  /** How long creating a session takes, as a real provider's round trip does (0: at once). */
  createDelayMs = 0;

  /** Connected accounts by id; the double makes them not ready until `makeAccountReady`. */
  /** Connected accounts by id, each with whom it is for: a seller's profile id, or `hotel:<hotelId>`. */
  readonly accounts = new Map<string, PayoutAccount & { owner: string }>();
  /** Every transfer made, by order id (one per order, as the `payout:<orderId>` idempotency key makes it). */
  readonly transfers = new Map<string, ProviderTransfer>();
  /** Every transfer the provider made, in order (an order may have two if a payout was sent twice). */
  readonly transferLog: ProviderTransfer[] = [];
  /** Transfers by idempotency key (the order): the provider forgets these after 24 hours. */
  private readonly transferKeys = new Map<string, ProviderTransfer>();
  /** Set to make the next transfer go through at the provider while its reply is lost on the way back. */
  loseNextTransferReply = false;
  /** Every reversal made, by order id. */
  readonly reversals = new Map<string, ProviderTransferReversal>();
  /** Every transfer call, repeats included. */
  readonly transferCalls: { orderId: string; accountId: string; amountCents: number; currency: string }[] = [];
  /** Set to make reversals fail as the provider does once the seller's balance is paid out. */
  refuseReversals = false;
  /**
   * The platform's settlement currency: set, every charge is booked in it at the built-in checkout server's test
   * rates less its EEA card fee, and transfers must be made in it, as at Stripe. Null (the default): each charge
   * is booked in its own currency with no fee, as on a platform holding a balance in every currency.
   */
  settlementCurrency: string | null = null;
  /**
   * The rate refunds in another currency are booked at, relative to their charge's (1: the same rate). Stripe
   * converts each at the rate of its own day, so a refund days later may take more or less of the balance.
   */
  refundRateChange = 1;

  /** Makes the next `times` calls of that kind throw `error`. */
  failNext(call: FailingCall, error: Error, times = 1) {
    this.failures[call] = Array.from({ length: times }, () => error);
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    if (this.createDelayMs) await new Promise((resolve) => setTimeout(resolve, this.createDelayMs));
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
      amountTotalCents: input.amountCents + (input.hotelFee?.amountCents ?? 0),
      currency: input.currency.toLowerCase(),
      expiresAt: input.expiresAt,
      clientReferenceId: input.orderId,
      metadata: { orderId: input.orderId, listingId: input.listingId, buyerId: input.buyerId },
      paymentIntentId: null,
      paidAt: null,
    };
    this.sessions.set(id, session);
    return { ...session };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    return { ...this.session(id) };
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSession> {
    this.throwIfFailing('expire');
    const failure = this.failingExpiries.get(id);
    if (failure) throw failure;
    const session = this.session(id);
    if (session.status === 'open') Object.assign(session, { status: 'expired', url: null });
    return { ...session };
  }

  async refund(input: { paymentIntentId: string; orderId: string; reason: RefundReason | null }) {
    this.throwIfFailing('refund');
    this.refundCalls.push(input);
    const replay = this.refundKeys.get(input.orderId);
    if (replay) return { ...replay };
    const refund = this.makeRefund(input.paymentIntentId);
    this.refundKeys.set(input.orderId, refund);
    if (this.loseNextRefundReply) {
      this.loseNextRefundReply = false;
      throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer.');
    }
    return { ...refund };
  }

  async listRefunds(paymentIntentId: string) {
    return (this.refunds.get(paymentIntentId) ?? []).map((refund) => ({ ...refund })).reverse();
  }

  async retrievePayment(paymentIntentId: string) {
    const session = this.sessionOfPayment(paymentIntentId);
    const chargeId = chargeIdOf(paymentIntentId);
    const amountReceivedCents = session.amountTotalCents ?? 0;
    const currency = (session.currency ?? '').toUpperCase();
    return {
      paymentIntentId,
      chargeId,
      amountReceivedCents,
      currency,
      balance: this.booked(chargeId, amountReceivedCents, currency, 'charge'),
    };
  }

  /** How the provider books a charge (or a refund) in the platform's balance: see `settlementCurrency`. */
  booked(source: string, amountCents: number, currency: string, type: 'charge' | 'refund'): ProviderBalanceTransaction {
    const id = `txn_${source}`;
    const settlement = this.settlementCurrency;
    if (!settlement) return { id, currency, amountCents, feeCents: 0, exchangeRate: null };
    const rates = DOUBLE_RATES_PER_EUR;
    const minor = convertMinor(toStripeAmount(amountCents, currency), currency, settlement, rates);
    const fee = type === 'charge' ? cardFee(minor, settlement, rates) : 0;
    return {
      id,
      currency: settlement,
      amountCents: fromStripeAmount(minor, settlement),
      feeCents: fromStripeAmount(fee, settlement),
      exchangeRate: currency === settlement ? null : rateBetween(currency, settlement, DOUBLE_RATES_PER_EUR),
    };
  }

  async createPayoutAccount(input: PayoutAccountOwner & { email: string | null }): Promise<PayoutAccount> {
    this.throwIfFailing('account');
    // Like the idempotency key `payout-account:<sellerId>` (`hotel:<hotelId>`): a repeat returns the same account.
    const owner = 'sellerId' in input ? input.sellerId : `hotel:${input.hotelId}`;
    const existing = [...this.accounts.values()].find((account) => account.owner === owner);
    const account = existing ?? {
      id: `acct_test_${++this.sequence}`,
      owner,
      transfersActive: false,
      detailsSubmitted: false,
    };
    this.accounts.set(account.id, account);
    return payoutAccountOf(account);
  }

  async retrievePlatformAccount() {
    return { defaultCurrency: this.settlementCurrency ?? 'EUR' };
  }

  async retrievePayoutAccount(accountId: string): Promise<PayoutAccount> {
    return payoutAccountOf(this.account(accountId));
  }

  async createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }) {
    this.account(input.accountId);
    this.onboardingLinks.push(input);
    return `https://connect.test/onboarding/${input.accountId}/${++this.sequence}`;
  }

  async createTransfer(input: {
    orderId: string;
    payee?: Payee;
    accountId: string;
    amountCents: number;
    currency: string;
    sourceChargeId: string;
  }): Promise<ProviderTransfer> {
    this.throwIfFailing('transfer');
    this.transferCalls.push({
      orderId: input.orderId,
      accountId: input.accountId,
      amountCents: input.amountCents,
      currency: input.currency,
    });
    const group = transferGroupOf(input.orderId, input.payee);
    const replay = this.transferKeys.get(group);
    if (replay) return { ...replay };
    if (this.settlementCurrency && input.currency.toUpperCase() !== this.settlementCurrency) {
      throw new Error(
        `The currency of source_transaction's balance transaction (${this.settlementCurrency.toLowerCase()}) must be the same as the transfer currency (${input.currency.toLowerCase()}).`,
      );
    }
    if (!this.account(input.accountId).transfersActive) {
      throw new AppError('CONFLICT', 'The seller’s payout account cannot receive money yet.', {
        reason: 'account_not_ready',
      });
    }
    const transfer: ProviderTransfer = {
      id: `tr_test_${++this.sequence}`,
      destination: input.accountId,
      amountCents: input.amountCents,
      amountReversedCents: 0,
      reversals: [],
      currency: input.currency.toUpperCase(),
      sourceChargeId: input.sourceChargeId,
      transferGroup: group,
      created: new Date(),
    };
    this.transfers.set(group, transfer);
    this.transferKeys.set(group, transfer);
    this.transferLog.push(transfer);
    if (this.loseNextTransferReply) {
      this.loseNextTransferReply = false;
      throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer.');
    }
    return { ...transfer };
  }

  /** A day passes at the provider: the idempotency keys of transfers and refunds are forgotten, the money moved is not. */
  forgetIdempotencyKeys() {
    this.transferKeys.clear();
    this.refundKeys.clear();
  }

  async reverseTransfer(input: {
    transferId: string;
    orderId: string;
    payee?: Payee;
  }): Promise<ProviderTransferReversal> {
    this.throwIfFailing('reversal');
    const group = transferGroupOf(input.orderId, input.payee);
    const replay = this.reversals.get(group);
    if (replay) return { ...replay };
    const transfer = this.transferLog.find((candidate) => candidate.id === input.transferId);
    if (!transfer) throw new AppError('NOT_FOUND', `No such transfer: ${input.transferId}`);
    if (this.refuseReversals || transfer.amountReversedCents >= transfer.amountCents) {
      throw new AppError('CONFLICT', 'This transfer can no longer be reversed.', { reason: 'reversal_refused' });
    }
    const reversal: ProviderTransferReversal = {
      id: `trr_test_${++this.sequence}`,
      transferId: transfer.id,
      amountCents: transfer.amountCents - transfer.amountReversedCents,
      currency: transfer.currency,
    };
    transfer.amountReversedCents = transfer.amountCents;
    transfer.reversals.push({ id: reversal.id, amountCents: reversal.amountCents, currency: reversal.currency });
    this.reversals.set(group, reversal);
    return { ...reversal };
  }

  async listTransfers(orderId: string, payee?: Payee): Promise<ProviderTransfer[]> {
    const group = transferGroupOf(orderId, payee);
    const ofOrder = this.transferLog.filter((transfer) => transfer.transferGroup === group);
    return ofOrder.reverse().map((transfer) => ({ ...transfer, reversals: [...transfer.reversals] }));
  }

  /**
   * The seller finishes onboarding and the provider turns on transfers: the signed `account.updated` delivery
   * is returned for the test to post.
   */
  makeAccountReady(accountId: string, { eventId = `evt_test_${++this.sequence}` } = {}) {
    const account = this.account(accountId);
    Object.assign(account, { transfersActive: true, detailsSubmitted: true });
    return this.sign(
      eventId,
      'account.updated',
      {
        id: account.id,
        object: 'account',
        details_submitted: account.detailsSubmitted,
        capabilities: { transfers: account.transfersActive ? 'active' : 'inactive' },
      },
      account.id,
    );
  }

  private account(id: string) {
    const account = this.accounts.get(id);
    if (!account) throw new AppError('NOT_FOUND', `No such account: ${id}`);
    return account;
  }

  /**
   * Someone refunds the payment by hand in the provider's dashboard (all that is left of it, or `amountCents` of
   * it): the refund exists, and the signed `charge.refunded` delivery is returned for the test to post.
   */
  refundByHand(paymentIntentId: string, amountCents?: number) {
    this.makeRefund(paymentIntentId, amountCents);
    return this.chargeRefunded(paymentIntentId);
  }

  /** A signed `charge.refunded` delivery carrying the payment's charge as it is now. */
  chargeRefunded(paymentIntentId: string, { eventId = `evt_test_${++this.sequence}` } = {}) {
    const session = this.sessionOfPayment(paymentIntentId);
    const amount = session.amountTotalCents ?? 0;
    const refunded = (this.refunds.get(paymentIntentId) ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
    return this.sign(eventId, 'charge.refunded', {
      id: chargeIdOf(paymentIntentId),
      object: 'charge',
      amount,
      amount_refunded: refunded,
      currency: session.currency,
      refunded: refunded >= amount,
      payment_intent: paymentIntentId,
      metadata: session.metadata,
    });
  }

  /** A refund of what is left of the payment (or part of it), as the provider makes it; refused once none is left. */
  private makeRefund(paymentIntentId: string, partCents?: number): ProviderRefund {
    const session = this.sessionOfPayment(paymentIntentId);
    const made = this.refunds.get(paymentIntentId) ?? [];
    const left = (session.amountTotalCents ?? 0) - made.reduce((sum, refund) => sum + refund.amountCents, 0);
    if (left <= 0) {
      throw new AppError('CONFLICT', 'This payment has already been refunded.', {
        providerCode: 'charge_already_refunded',
      });
    }
    const id = `re_test_${++this.sequence}`;
    const amountCents = partCents ?? left;
    const currency = (session.currency ?? '').toUpperCase();
    const atChargeRate = this.booked(id, amountCents, currency, 'refund');
    const converted = atChargeRate.currency !== currency;
    const booked = converted
      ? { ...atChargeRate, amountCents: Math.round(atChargeRate.amountCents * this.refundRateChange) }
      : atChargeRate;
    const refund: ProviderRefund = {
      id,
      paymentIntentId,
      chargeId: chargeIdOf(paymentIntentId),
      amountCents,
      currency,
      status: 'succeeded',
      created: new Date(),
      settled: { amountCents: booked.amountCents, currency: booked.currency },
    };
    this.refunds.set(paymentIntentId, [...made, refund]);
    return refund;
  }

  private sessionOfPayment(paymentIntentId: string): CheckoutSession {
    const session = [...this.sessions.values()].find((candidate) => candidate.paymentIntentId === paymentIntentId);
    if (!session) throw new AppError('NOT_FOUND', `No such payment_intent: ${paymentIntentId}`);
    return session;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined, endpoint: WebhookEndpoint): PaymentEvent {
    if (!signature) throw new AppError('VALIDATION_ERROR', 'The Stripe-Signature header is missing.');
    let event: {
      id: string;
      type: string;
      created: number;
      data: { object: StripeSessionWire | ChargeWire | AccountWire };
    };
    try {
      const secret = endpoint === 'connect' ? TEST_CONNECT_WEBHOOK_SECRET : TEST_WEBHOOK_SECRET;
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as typeof event;
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The webhook signature is not valid.');
    }
    const object = event.data.object;
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      session: object.object === 'checkout.session' ? fromWire(object) : null,
      charge:
        object.object === 'charge'
          ? {
              id: object.id,
              paymentIntentId: object.payment_intent,
              amountCents: object.amount,
              amountRefundedCents: object.amount_refunded,
              currency: object.currency.toUpperCase(),
              refunded: object.refunded,
              metadata: object.metadata,
            }
          : null,
      account:
        object.object === 'account'
          ? {
              id: object.id,
              transfersActive: object.capabilities.transfers === 'active',
              detailsSubmitted: object.details_submitted,
            }
          : null,
    };
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
      // As the session is retrieved with its charge expanded; a webhook event carries no such time.
      paidAt: this.clock(),
    });
    return this.signedEvent('checkout.session.completed', sessionId);
  }

  /** A signed delivery of `type` carrying the session as it is now. */
  signedEvent(type: string, sessionId: string, { eventId = `evt_test_${++this.sequence}` } = {}) {
    return this.sign(eventId, type, toWire(this.session(sessionId)));
  }

  /**
   * A delivery as the provider signs it: a connected account's event (`account`) is for the Connect endpoint and
   * signed with its secret, the platform's own with the platform endpoint's. `endpoint` says where to post it.
   */
  private sign(eventId: string, type: string, object: unknown, account?: string) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      ...(account ? { account } : {}),
      type,
      created: Math.floor(this.clock().getTime() / 1000),
      data: { object },
    });
    const endpoint: WebhookEndpoint = account ? 'connect' : 'platform';
    const secret = account ? TEST_CONNECT_WEBHOOK_SECRET : TEST_WEBHOOK_SECRET;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { eventId, payload, signature, endpoint };
  }

  private session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new AppError('NOT_FOUND', `No such checkout session: ${id}`);
    return session;
  }

  private throwIfFailing(call: FailingCall) {
    const failure = this.failures[call]?.shift();
    if (failure) throw failure;
  }
}

type FailingCall = 'create' | 'expire' | 'refund' | 'account' | 'transfer' | 'reversal';

const payoutAccountOf = ({ id, transfersActive, detailsSubmitted }: PayoutAccount): PayoutAccount => ({
  id,
  transfersActive,
  detailsSubmitted,
});

interface AccountWire {
  id: string;
  object: 'account';
  details_submitted: boolean;
  capabilities: Record<string, string>;
}

/** The stand-in names each payment's one charge after its payment intent, as the built-in checkout does. */
const chargeIdOf = (paymentIntentId: string) => paymentIntentId.replace(/^pi_/, 'ch_');

interface ChargeWire {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  refunded: boolean;
  payment_intent: string;
  metadata: Record<string, string>;
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
    paidAt: null,
  };
}
