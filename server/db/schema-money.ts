import type { ColumnType, Generated } from 'kysely';
import type { OrderState } from '../../contract/buying.ts';
import type { Handover } from '../../contract/handover.ts';
import type { RefundReason, ReverseHandover } from '../../contract/order-state.ts';
import type { PayoutState } from '../../contract/payouts.ts';
import type { LedgerAccount, LedgerKind } from './ledger-accounts.ts';
import type { Timestamp } from './schema.ts';

/**
 * The tables where money and ownership change hands (orders and their refunds and events, the provider's
 * events, payouts and the ledger), apart from the rest so that each file reads as one part of the data.
 */

export interface OrdersTable {
  id: Generated<string>;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  buyer_email: string | null;
  amount_cents: number;
  currency: string;
  state: ColumnType<OrderState, OrderState, OrderState>;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  hold_expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  guest_first_name: string | null;
  guest_last_name: string | null;
  reservation_id: string;
  charge_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the provider's charge received, in hundredths of `received_currency`'s major unit. */
  amount_received_cents: number | null;
  received_currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** The charge's balance transaction: what it settled to in `settled_currency`, and the provider's fee there. */
  balance_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
  settled_currency: ColumnType<string | null, string | null | undefined, string | null>;
  settled_cents: ColumnType<number | null, number | null | undefined, number | null>;
  provider_fee_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Units of `settled_currency` per unit of the charge's currency, as the provider applied it; null: none. */
  exchange_rate: ColumnType<number | null, number | null | undefined, number | null>;
  transferred_at: Timestamp | null;
  refund_reason: RefundReason | null;
  refund_note: string | null;
  refund_requested_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** The reservation as the hotel reads once it names the buyer (contract Handover without its time). */
  handover: ColumnType<StoredHandover | null, string | null, string | null>;
  /** A refund after the handover: the stay going back to the seller, back, or kept by the buyer (ADR 0075). */
  reverse_handover: ColumnType<ReverseHandover | null, ReverseHandover | null | undefined, ReverseHandover | null>;
  reverse_handover_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Whom the reservation named before the transfer renamed it: the seller as its guest. */
  seller_guest_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  seller_guest_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  seller_guest_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hotel's name-change fee fixed at the hold (migration 0180): the buyer pays amount_cents + this. */
  hotel_fee_cents: ColumnType<number, number | undefined, number>;
  /** The hotel the fee is owed to; null when there is no fee. */
  fee_hotel_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StoredHandover = Omit<Handover, 'transferredAt'>;

/** The provider's refunds of an order by the provider's id; amounts in hundredths of `currency`'s major unit. */
export interface OrderRefundsTable {
  id: string;
  order_id: string;
  charge_id: string | null;
  amount_cents: number;
  currency: string;
  /** As the provider last reported it (`succeeded`, `pending`, `failed`...). */
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  from_state: OrderState | null;
  to_state: OrderState;
  reason: string;
  at: Timestamp;
}

/** One change of a payout's state: who, what and when (server/orders/payout-transition.ts). */
export interface PayoutEventsTable {
  id: Generated<string>;
  order_id: string;
  /** Whose payout: the seller's or the hotel's (migration 0181). */
  payee: ColumnType<'seller' | 'hotel', 'seller' | 'hotel' | undefined, 'seller' | 'hotel'>;
  from_state: PayoutState | null;
  to_state: PayoutState;
  actor: string;
  reason: string;
  at: Timestamp;
}

export interface PaymentEventsTable {
  event_id: string;
  type: string;
  session_id: string | null;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

/** A seller's connected account at the payment provider (one per seller). */
export interface PayoutAccountsTable {
  seller_id: string;
  provider_account_id: string;
  /** The provider's transfers capability is active: payouts can be sent. */
  transfers_active: Generated<boolean>;
  details_submitted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A hotel's connected account at the payment provider (one per hotel, migration 0181). */
export interface HotelPayoutAccountsTable {
  hotel_id: string;
  provider_account_id: string;
  transfers_active: Generated<boolean>;
  details_submitted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A transferred order's name-change fee owed to its hotel (migration 0181); states as the seller's payout's. */
export interface HotelPayoutsTable {
  order_id: string;
  hotel_id: string;
  /** ISO 4217, upper-case: the sale's. */
  currency: string;
  fee_cents: number;
  state: PayoutState;
  release_at: Timestamp;
  transfer_id: string | null;
  payout_currency: ColumnType<string | null, string | null | undefined, string | null>;
  payout_cents: ColumnType<number | null, number | null | undefined, number | null>;
  reversal_id: string | null;
  paid_at: Timestamp | null;
  reversed_at: Timestamp | null;
  /** How the hotel's debt (`reversal_failed`) ended, as an operator recorded it (migration 0190); null: still owed. */
  debt_settled: ColumnType<DebtSettlement | null, DebtSettlement | null | undefined, DebtSettlement | null>;
  debt_settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A transferred order's name-change fee posted to the reservation's bill at the hotel (migration 0182). */
export interface HotelFeePostingsTable {
  order_id: string;
  hotel_id: string;
  state: 'pending' | 'posted' | 'not_granted' | 'failed';
  /** The hotel system's order (Mews orders/add), once added: a retry never adds it again. */
  pms_order_id: string | null;
  pms_payment_id: string | null;
  problem: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A transferred order's payout to its seller (migration 0030, contract/payouts.ts). */
export interface PayoutsTable {
  order_id: string;
  seller_id: string;
  /** ISO 4217, upper-case. */
  currency: string;
  sale_cents: number;
  fee_cents: number;
  /** What the seller receives in the transfer's currency (the charge's settlement currency), once known. */
  payout_currency: ColumnType<string | null, string | null | undefined, string | null>;
  payout_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** What a partial refund took off the seller's share, in the sale's currency, once an operator released it. */
  refunded_cents: Generated<number>;
  state: PayoutState;
  release_at: Timestamp;
  transfer_id: string | null;
  reversal_id: string | null;
  paid_at: Timestamp | null;
  reversed_at: Timestamp | null;
  /** How a seller's debt (`reversal_failed`) ended, as an operator recorded it (migration 0120); null: still owed. */
  debt_settled: ColumnType<DebtSettlement | null, DebtSettlement | null | undefined, DebtSettlement | null>;
  debt_settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How a seller's or a hotel's debt ended: they paid it back, or the platform gave up on it. */
export type DebtSettlement = 'collected' | 'written_off';

/** One money event in the ledger; its entries sum to zero (server/ledger/post.ts). */
export interface LedgerTransactionsTable {
  id: Generated<string>;
  kind: LedgerKind;
  reference: string;
  order_id: string;
  currency: string;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  transaction_id: string;
  line: number;
  account: LedgerAccount;
  seller_id: string | null;
  /** Set exactly on `hotel_payable` entries (migration 0181). */
  hotel_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 4217, upper-case: a transaction balances in each currency it touches. */
  currency: string;
  amount_cents: number;
}
