import type { Kysely } from 'kysely';
import { isPaymentRecorded, type OrderState } from '../../contract/order-state.ts';
import type { Database } from '../db/schema.ts';
import type { ProviderRecords } from './provider-records.ts';

/** What one hotel's name-change fees came to in one currency, as `npm run ledger:check` prints them. */
export interface HotelFeeSummary {
  hotel: string;
  currency: string;
  chargedCents: number;
  paidOutCents: number;
  reversedCents: number;
  refundedCents: number;
  /** Fees the hotel owed back (a refused reversal) that an operator recorded collected, or written off. */
  collectedCents: number;
  writtenOffCents: number;
  /** What the ledger's hotel payable says the platform still owes the hotel (negative: the hotel owes it back). */
  owedCents: number;
}

/** Fee payout states whose transfer is with the hotel. */
const WITH_THE_HOTEL = ['paid', 'reversal_failed'];

/**
 * The hotels' name-change fees checked per order (ADR 0090): the ledger's hotel payable for the order is the fee
 * owed while the settled sale stands and the fee is not sent, nothing once it is sent or the sale undone (what the
 * hotel owes back when a reversal was refused, until an operator records that debt collected or written off,
 * migration 0190); nothing is paid to the hotel before the stay was the buyer's; and with the provider's records,
 * the hotel's transfers net of reversals are what its payout sent. Each difference names the order. Answers each
 * hotel's totals per currency.
 */
export async function checkHotelFees(
  db: Kysely<Database>,
  provider: ProviderRecords | undefined,
  say: (orderId: string, state: string, what: string) => void,
): Promise<HotelFeeSummary[]> {
  const orders = await db
    .selectFrom('orders')
    .innerJoin('hotels', 'hotels.id', 'orders.fee_hotel_id')
    .leftJoin('hotel_payouts', 'hotel_payouts.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.state',
      'orders.reverse_handover',
      'orders.hotel_fee_cents',
      'orders.currency',
      'hotels.name as hotel',
      'hotel_payouts.state as payout_state',
      'hotel_payouts.payout_cents',
      'hotel_payouts.payout_currency',
      'hotel_payouts.debt_settled',
    ])
    .where('orders.hotel_fee_cents', '>', 0)
    .execute();
  const ledger = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_transactions.order_id', 'ledger_transactions.kind', 'ledger_entries.amount_cents'])
    .where('ledger_entries.account', '=', 'hotel_payable')
    .execute();
  const payable = new Map<string, number>();
  const kinds = new Map<string, Set<string>>();
  for (const entry of ledger) {
    payable.set(entry.order_id, (payable.get(entry.order_id) ?? 0) + entry.amount_cents);
    kinds.set(entry.order_id, (kinds.get(entry.order_id) ?? new Set()).add(entry.kind));
  }
  const summaries = new Map<string, HotelFeeSummary>();
  for (const order of orders) {
    if (!isPaymentRecorded(order.state as OrderState)) continue;
    const note = (what: string) => say(order.id, order.state, what);
    const posted = kinds.get(order.id) ?? new Set<string>();
    const standing = posted.has('settlement') && !posted.has('unsettlement');
    const sent = order.payout_state !== null && WITH_THE_HOTEL.includes(order.payout_state);
    if (posted.has('hotel_payout') && !posted.has('settlement'))
      note('the ledger paid the hotel its fee before the stay was the buyer’s');
    const settled = order.debt_settled !== null;
    const expected =
      (standing ? -order.hotel_fee_cents : 0) +
      (sent ? order.hotel_fee_cents : 0) -
      (settled ? order.hotel_fee_cents : 0);
    const inLedger = payable.get(order.id) ?? 0;
    if (inLedger !== expected)
      note(
        `the ledger's hotel payable is ${inLedger} ${order.currency}, not ${expected} (fee payout ` +
          `${order.payout_state ?? 'absent'}${settled ? `, its debt ${order.debt_settled}` : ''})`,
      );
    if (provider) {
      const transfers = await provider.listTransfers(order.id, 'hotel');
      const atProvider = transfers.reduce((sum, made) => sum + made.amountCents - made.amountReversedCents, 0);
      const expectedAtProvider = sent ? (order.payout_cents ?? 0) : 0;
      if (atProvider !== expectedAtProvider)
        note(`the provider holds ${atProvider} paid out to the hotel, its fee payout ${expectedAtProvider}`);
    }
    const key = `${order.hotel}\u0000${order.currency}`;
    const summary = summaries.get(key) ?? {
      hotel: order.hotel,
      currency: order.currency,
      chargedCents: 0,
      paidOutCents: 0,
      reversedCents: 0,
      refundedCents: 0,
      collectedCents: 0,
      writtenOffCents: 0,
      owedCents: 0,
    };
    summaries.set(key, summary);
    summary.chargedCents += order.hotel_fee_cents;
    if (sent || order.payout_state === 'reversed') summary.paidOutCents += order.hotel_fee_cents;
    if (order.payout_state === 'reversed') summary.reversedCents += order.hotel_fee_cents;
    if (order.state === 'refunded' && order.reverse_handover !== 'kept_by_buyer')
      summary.refundedCents += order.hotel_fee_cents;
    if (order.debt_settled === 'collected') summary.collectedCents += order.hotel_fee_cents;
    if (order.debt_settled === 'written_off') summary.writtenOffCents += order.hotel_fee_cents;
    summary.owedCents -= inLedger;
  }
  return [...summaries.values()];
}
