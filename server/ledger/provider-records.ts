/*
 * What the payment provider holds about an order's money, as the ledger reads it to reconcile: the port sits here,
 * below the buying core, and the payment adapter (server/payments/stripe/) implements it with the rest of its calls.
 */

/**
 * The provider's payment behind a paid session: what the payouts and the ledger post from. Amounts are in
 * hundredths of the currency's major unit, as Restay stores money (the adapter converts Stripe's minor units).
 */
export interface ProviderPayment {
  paymentIntentId: string;
  /** The charge that took the money; null until the provider has made one. */
  chargeId: string | null;
  amountReceivedCents: number;
  /** ISO 4217, upper-case. */
  currency: string;
  /** The charge's balance transaction; null until the provider has booked the charge. */
  balance: ProviderBalanceTransaction | null;
}

/**
 * How the provider booked a charge in the platform's balance: converted into the settlement currency at its own
 * rate, less its fee. Amounts in hundredths of `currency`'s major unit.
 */
export interface ProviderBalanceTransaction {
  id: string;
  /** The settlement currency (ISO 4217, upper-case). */
  currency: string;
  /** The charge's amount in `currency`. */
  amountCents: number;
  /** The provider's fee on it, in `currency`. */
  feeCents: number;
  /** Units of `currency` per unit of the charge's currency; null when no conversion was made. */
  exchangeRate: number | null;
}

/** One refund as the provider holds it (amounts as in ProviderPayment). */
export interface ProviderRefund {
  id: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  /** ISO 4217, upper-case. */
  currency: string;
  /** Stripe's refund status: `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
  status: string;
  created: Date;
  /** What left the platform's balance for it, in the settlement currency (its balance transaction), once booked. */
  settled: { amountCents: number; currency: string } | null;
}

/** A transfer of money from the platform's balance to a seller's account (amounts as in ProviderPayment). */
export interface ProviderTransfer {
  id: string;
  /** The connected account it was sent to. */
  destination: string;
  amountCents: number;
  /** How much of it has been reversed (taken back) so far. */
  amountReversedCents: number;
  /** The reversals that took it back, oldest first: a reversal answered "already reversed" is read from here. */
  reversals: { id: string; amountCents: number; currency: string }[];
  /** ISO 4217, upper-case. */
  currency: string;
  /** The charge it was paid from; null when it was paid from the balance at large. */
  sourceChargeId: string | null;
  /** Restay sets the order id, so every transfer of an order can be listed. */
  transferGroup: string | null;
  created: Date;
}

/**
 * Who a transfer of an order pays: the seller their share, or the hotel its name-change fee. Each payee's
 * transfers form their own transfer group, so neither payout ever reads the other's transfer as its own.
 */
export type Payee = 'seller' | 'hotel';

/** What the provider can tell about an order's money; absent, only the ledger and the orders are compared. */
export interface ProviderRecords {
  /** The payment intent with its charge and the amount received. */
  retrievePayment(paymentIntentId: string): Promise<ProviderPayment>;
  /** Every refund of a payment, newest first, as the provider holds them now. */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Every transfer made for an order to one payee (the seller when absent), newest first. */
  listTransfers(orderId: string, payee?: Payee): Promise<ProviderTransfer[]>;
}
