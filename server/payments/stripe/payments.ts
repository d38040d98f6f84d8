import type { RefundReason } from '../../../contract/order-state.ts';
import type { Payee, ProviderPayment, ProviderRefund, ProviderTransfer } from '../../ledger/provider-records.ts';

export type { Payee };

/**
 * The payments port: what the order logic needs from a card payment provider with a hosted checkout page.
 * One adapter implements it (the `stripe` package); in local mode that same client talks to the built-in
 * checkout server instead of api.stripe.com, so only the far end changes.
 */
export interface CreateCheckoutInput {
  orderId: string;
  listingId: string;
  buyerId: string;
  buyerEmail: string | null;
  /** Hundredths of the major unit, as Restay stores every amount (also for JPY); the adapter converts for Stripe. */
  amountCents: number;
  /** ISO 4217, upper-case; sent to Stripe lower-case. */
  currency: string;
  productName: string;
  productDescription: string;
  /**
   * The hotel's name-change fee, a line of its own beside the stay's; the session's total is amountCents plus
   * its amount. Absent: no fee, one line.
   */
  hotelFee?: { amountCents: number; name: string };
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  /** 30 minutes ahead (Stripe's minimum); a little more absorbs the request's travel time. */
  expiresAt: Date;
}

export interface CheckoutSession {
  id: string;
  /** The hosted page; null once the session can no longer be paid. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalCents: number | null;
  /** ISO 4217, upper-case. */
  currency: string | null;
  expiresAt: Date;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  /**
   * When the buyer's payment went through at the provider (its charge's creation, in whole seconds), or null: not
   * paid yet, or the provider did not say (a session without its charge expanded, as a webhook event carries it).
   */
  paidAt: Date | null;
}

/** A charge as a charge event carries it: how much of it has been refunded so far. */
export interface ProviderCharge {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
  /** ISO 4217, upper-case. */
  currency: string;
  /** True once the whole charge is refunded (by whoever: Restay through the API, or someone in the dashboard). */
  refunded: boolean;
  metadata: Record<string, string>;
}

/** A seller's connected account (Stripe Connect), as much of it as paying the seller needs. */
export interface PayoutAccount {
  id: string;
  /** The transfers capability is active: money can be sent to the account now. */
  transfersActive: boolean;
  /** The seller has finished the provider's onboarding form (the provider may still be checking it). */
  detailsSubmitted: boolean;
}

/** Money taken back from a transfer (amounts as in ProviderPayment). */
export interface ProviderTransferReversal {
  id: string;
  transferId: string;
  amountCents: number;
  /** ISO 4217, upper-case. */
  currency: string;
}

/**
 * A verified event: Checkout Session events carry the session, charge events the charge, `account.updated` the
 * connected account; other types none of them.
 */
export type PaymentEvent = {
  id: string;
  type: string;
  created: Date;
  session: CheckoutSession | null;
  charge: ProviderCharge | null;
  account: PayoutAccount | null;
};

export interface Payments {
  readonly mode: 'stripe' | 'local';
  /** Idempotency key `checkout:<orderId>`: asking again for the same order returns the same session. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /**
   * An already complete or expired session is returned as it is, not an error. A session the provider does not
   * know (Stripe's `resource_missing`) fails with AppError NOT_FOUND.
   */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /**
   * Refunds the whole payment. Idempotency key `refund:<orderId>`; a payment already refunded in full (under
   * another key, or by hand in the provider's dashboard) fails with CONFLICT (`charge_already_refunded`).
   * `reason` is Restay's own: the adapter tells the provider only what is true of it (stripeRefundReason).
   */
  refund(input: { paymentIntentId: string; orderId: string; reason: RefundReason | null }): Promise<ProviderRefund>;
  /** Every refund of a payment, newest first, as the provider holds them now. */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** The payment intent with its charge, the amount received and the charge's balance transaction (settled amount, fee). */
  retrievePayment(paymentIntentId: string): Promise<ProviderPayment>;
  /**
   * Creates a seller's or a hotel's connected account: an Express dashboard, the platform pays the fees and bears
   * the losses, the transfers capability requested. Idempotency key `payout-account:<sellerId>` for a seller,
   * `payout-account:hotel:<hotelId>` for a hotel.
   */
  createPayoutAccount(input: PayoutAccountOwner & { email: string | null }): Promise<PayoutAccount>;
  /** The account as the provider holds it now; an account the provider does not know fails with NOT_FOUND. */
  retrievePayoutAccount(accountId: string): Promise<PayoutAccount>;
  /** The platform's own account (`GET /v1/account`): the currency of its balance, ISO 4217 upper-case. */
  retrievePlatformAccount(): Promise<{ defaultCurrency: string }>;
  /**
   * A single-use, short-lived link to the provider's hosted onboarding for the account. The provider sends the
   * seller to `returnUrl` when they leave the form, and to `refreshUrl` when the link expired or was used,
   * which must mint a new link.
   */
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  /**
   * Pays the seller: a transfer to their account from the order's charge (`source_transaction`, so it can be
   * made before the charge's funds are available), `transfer_group` = the order id. Idempotency key
   * `payout:<orderId>`. Fails with CONFLICT and `details.reason` `account_not_ready` (the account cannot
   * receive transfers) or `balance_insufficient` (the platform's balance cannot cover it).
   */
  createTransfer(input: {
    orderId: string;
    /** Whose share of the order it pays; the seller when absent. */
    payee?: Payee;
    accountId: string;
    amountCents: number;
    currency: string;
    sourceChargeId: string;
  }): Promise<ProviderTransfer>;
  /**
   * Takes back what is left of a transfer. Idempotency key `reversal:<orderId>`. Fails with CONFLICT and
   * `details.reason` `reversal_refused` when the provider will not (the seller's balance is already paid out).
   */
  reverseTransfer(input: { transferId: string; orderId: string; payee?: Payee }): Promise<ProviderTransferReversal>;
  /** Every transfer made for an order to one payee (the payee's transfer group), newest first. */
  listTransfers(orderId: string, payee?: Payee): Promise<ProviderTransfer[]>;
  /**
   * Verifies the Stripe-Signature header over the raw body with the secret of the endpoint it came to
   * (stripe.webhooks.constructEvent): the platform's own events, or connected accounts' events (the Connect
   * endpoint, its own secret). Throws AppError VALIDATION_ERROR on a bad or missing signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined, endpoint: WebhookEndpoint): PaymentEvent;
}

/** A seller's account (by their profile id) or a hotel's (by its id): who a connected account is for. */
export type PayoutAccountOwner = { sellerId: string } | { hotelId: string };

/** The transfer group of an order's transfers to a payee: the order id for the seller (as ever), prefixed for the hotel. */
export const transferGroupOf = (orderId: string, payee: Payee = 'seller') =>
  payee === 'seller' ? orderId : `hotel-fee:${orderId}`;

/**
 * Stripe's two webhook endpoints, each with its own signing secret: `platform` for the platform's own events
 * (payments, refunds), `connect` for connected accounts' events (`account.updated`).
 */
export type WebhookEndpoint = 'platform' | 'connect';
