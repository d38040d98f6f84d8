/**
 * The order machine: one checkout and everything that follows its payment. On the server every change goes
 * through one transition function that checks `canTransitionOrder` and updates guarded by the current state in
 * the caller's transaction, with a history row (state and time) the buyer's timeline is built from.
 *
 * - `open` is the hold while the buyer pays. It ends `expired` (nobody paid in time), `cancelled` (the buyer
 *   left, or the checkout could not be created), `paid` (the sale), or `refund_pending` (paid, but the stay was
 *   no longer held for this order, or for another amount).
 * - A payment that lands after the hold ended turns `expired`/`cancelled` into `refund_pending`.
 * - After the sale: `paid` -> `transferring` (the hotel is being asked to put the reservation in the buyer's
 *   name) -> `transferred`, or -> `transfer_failed` (refused, or retries used up) -> `refund_pending`.
 * - `transfer_unknown`: the hotel may have made the change but never said so (a lost reply, then an outage on the
 *   last attempt). Never refunded blind: the reservation is read again until a read shows who the hotel names,
 *   then -> `transferred` (the buyer) or -> `transfer_failed` -> `refund_pending` (still the seller).
 * - `refund_pending` -> `refunded` only once the payment provider confirms the money is back (or reports it
 *   already was).
 * - An operator may refund a paid or transferred order (the hotel cancelled it later): -> `refund_pending`.
 */
export const ORDER_STATES = [
  'open',
  'paid',
  'transferring',
  'transfer_unknown',
  'transferred',
  'transfer_failed',
  'refund_pending',
  'refunded',
  'expired',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Into `refunded` straight from `paid`, `transferring` and `transferred`: a refund made outside the product (by
 * hand in the provider's dashboard) is a fact we learn from the provider's `charge.refunded`, not a decision we
 * can refuse, and the order must say the money is back. From `transfer_failed` likewise, though that state
 * normally turns `refund_pending` in the same transaction, and from `transfer_unknown`. Into `refund_pending` from
 * `transfer_unknown` only by an operator who confirmed with the hotel that the seller is still named. Not from `open`, `expired` or `cancelled`: a payment
 * there is first recorded as `refund_pending` (late payment), then confirmed. `refunded` is final.
 */
const TRANSITIONS: Record<OrderState, readonly OrderState[]> = {
  open: ['paid', 'expired', 'cancelled', 'refund_pending'],
  expired: ['refund_pending'],
  cancelled: ['refund_pending'],
  paid: ['transferring', 'transfer_failed', 'refund_pending', 'refunded'],
  transferring: ['transferred', 'transfer_failed', 'transfer_unknown', 'refunded'],
  transfer_unknown: ['transferred', 'transfer_failed', 'refund_pending', 'refunded'],
  transferred: ['refund_pending', 'refunded'],
  transfer_failed: ['refund_pending', 'refunded'],
  refund_pending: ['refunded'],
  refunded: [],
};

export function canTransitionOrder(from: OrderState, to: OrderState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as readonly string[]).includes(value);
}

/** The provider has taken the buyer's money for this order (whatever happens to it next). */
export const PAYMENT_RECORDED_STATES = [
  'paid',
  'transferring',
  'transfer_unknown',
  'transferred',
  'transfer_failed',
  'refund_pending',
  'refunded',
] as const satisfies readonly OrderState[];

/** A redelivered payment event for an order in one of these states changes nothing. */
export function isPaymentRecorded(state: OrderState): boolean {
  return (PAYMENT_RECORDED_STATES as readonly OrderState[]).includes(state);
}

/**
 * A sale under way: the reservation is being handed to the buyer. While an order of a reservation is in one
 * of these states nobody may verify, list or buy that reservation (409 `already_sold`); the database holds
 * the same rule as a constraint.
 */
export const SALE_UNDER_WAY_STATES = [
  'paid',
  'transferring',
  'transfer_unknown',
] as const satisfies readonly OrderState[];

export function isSaleUnderWay(state: OrderState): boolean {
  return (SALE_UNDER_WAY_STATES as readonly OrderState[]).includes(state);
}

/** The buyer bought the stay and keeps it (or is about to): the sale, not a refund. */
export const SALE_STATES = [
  'paid',
  'transferring',
  'transfer_unknown',
  'transferred',
] as const satisfies readonly OrderState[];

export function isSale(state: OrderState): boolean {
  return (SALE_STATES as readonly OrderState[]).includes(state);
}

/** Money is on its way back, or back: the order ends `refunded`. */
export function isRefund(state: OrderState): boolean {
  return state === 'transfer_failed' || state === 'refund_pending' || state === 'refunded';
}

/**
 * Nothing more happens on its own: the checkout ended unpaid, the stay is in the buyer's name, or the money
 * is back. A page waiting on an order stops waiting once it is settled (an operator may still refund a
 * transferred order later).
 */
export function isSettled(state: OrderState): boolean {
  return state === 'expired' || state === 'cancelled' || state === 'transferred' || state === 'refunded';
}

/**
 * Why an order was (or is being) refunded. The buyer's and the seller's emails and pages say the sentence in
 * REFUND_REASON_MESSAGES (refundMessage), each in their own words, followed by an operator's own note when they gave one.
 */
export const REFUND_REASONS = [
  'late_payment',
  'amount_mismatch',
  'hotel_refused',
  'transfer_refused',
  'transfer_failed',
  'cancelled_by_hotel',
  'refunded_by_provider',
  'operator',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The reasons an operator may give for refunding a paid or transferred order (`npm run orders -- refund`). A late
 * payment, a wrong amount or one the hotel's rule refused never reaches `paid`, and "refunded by hand" is what the
 * provider's own confirmation says, so those are not an operator's to give.
 */
export const OPERATOR_REFUND_REASONS = [
  'cancelled_by_hotel',
  'transfer_refused',
  'transfer_failed',
  'operator',
] as const satisfies readonly RefundReason[];
export type OperatorRefundReason = (typeof OPERATOR_REFUND_REASONS)[number];

/**
 * A refund of a stay already in the buyer's name (ADR 0075) asks the hotel to name the seller again: `pending`
 * while it is asked, `returned_to_seller` once it does (the sale is undone, the seller may list it again), or
 * `kept_by_buyer` when the hotel will not (or the reservation is gone, or it could not be asked before check-in):
 * the buyer keeps the stay, the seller keeps their payout, and the refund is the platform's loss.
 */
export const REVERSE_HANDOVER_STATES = ['pending', 'returned_to_seller', 'kept_by_buyer'] as const;
export type ReverseHandover = (typeof REVERSE_HANDOVER_STATES)[number];

/** Who reads a refund's reason: the buyer whose money goes back, or the seller whose sale ended. */
export type RefundReader = 'buyer' | 'seller';

/** Each reason in the words of the person reading it ("your name" to the buyer, "the buyer's name" to the seller). */
export const REFUND_REASON_MESSAGES: Record<RefundReader, Record<RefundReason, string>> = {
  buyer: {
    late_payment: 'Your payment arrived after the stay was no longer held for your checkout.',
    amount_mismatch: 'The amount you paid was not the price of the stay.',
    hotel_refused: 'The hotel stopped allowing the resale of this stay before your payment went through.',
    transfer_refused: 'The hotel refused to put the reservation in your name.',
    transfer_failed: "The hotel's system did not answer in time to put the reservation in your name.",
    cancelled_by_hotel: 'The hotel cancelled or changed the reservation.',
    refunded_by_provider: "Restay's team refunded your payment by hand.",
    operator: 'Restay refunded your payment.',
  },
  seller: {
    late_payment: "The buyer's payment arrived after the stay was no longer held for their checkout.",
    amount_mismatch: 'The buyer paid an amount that was not the price of the stay.',
    hotel_refused: "The hotel stopped allowing the resale of this stay before the buyer's payment went through.",
    transfer_refused: "The hotel refused to put the reservation in the buyer's name.",
    transfer_failed: "The hotel's system did not answer in time to put the reservation in the buyer's name.",
    cancelled_by_hotel: 'The hotel cancelled or changed the reservation.',
    refunded_by_provider: "Restay's team refunded the buyer's payment by hand.",
    operator: "Restay refunded the buyer's payment.",
  },
};

/** The sentence `reader` is shown for a refund: its reason in their words, then the operator's note if any. */
export function refundMessage(reason: RefundReason, note: string | null, reader: RefundReader): string {
  const message = REFUND_REASON_MESSAGES[reader][reason];
  return note ? `${message} ${note}` : message;
}
