import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { debtLine, settleDebt, type Debt } from './debts.ts';

/**
 * A hotel's debt: the name-change fee of a refunded stay, transferred to the hotel's account, that the provider
 * refused to take back (ADR 0090). The fee is owed in the sale's currency, where the hotel's payable always is
 * (the fee's payout and reversal convert only the provider's side), unlike a seller's debt (ADR 0046); what the
 * transfer sent, in the settlement currency, is shown beside it when it differs.
 */
export interface HotelDebt extends Debt {
  hotelId: string;
  hotelName: string;
  /** What the fee's transfer sent, in hundredths of `sentCurrency`. */
  sentCents: number | null;
  sentCurrency: string | null;
}

const HOTEL_DEBT_COLUMNS = [
  'hotel_payouts.order_id',
  'hotel_payouts.hotel_id',
  'hotels.name',
  'hotel_payouts.fee_cents',
  'hotel_payouts.currency',
  'hotel_payouts.payout_cents',
  'hotel_payouts.payout_currency',
  'hotel_payouts.transfer_id',
  'hotel_payouts.updated_at',
] as const;

function hotelDebtOf(row: {
  order_id: string;
  hotel_id: string;
  name: string;
  fee_cents: number;
  currency: string;
  payout_cents: number | null;
  payout_currency: string | null;
  transfer_id: string | null;
  updated_at: Date | string;
}): HotelDebt {
  return {
    orderId: row.order_id,
    hotelId: row.hotel_id,
    hotelName: row.name,
    amountCents: row.fee_cents,
    currency: row.currency,
    sentCents: row.payout_cents,
    sentCurrency: row.payout_currency,
    transferId: row.transfer_id,
    since: new Date(row.updated_at),
  };
}

/** Every fee payout left `reversal_failed` whose outcome no operator recorded yet, oldest first. */
export async function listHotelDebts(db: Kysely<Database>): Promise<HotelDebt[]> {
  const rows = await db
    .selectFrom('hotel_payouts')
    .innerJoin('hotels', 'hotels.id', 'hotel_payouts.hotel_id')
    .select(HOTEL_DEBT_COLUMNS)
    .where('hotel_payouts.state', '=', 'reversal_failed')
    .where('hotel_payouts.debt_settled', 'is', null)
    .orderBy('hotel_payouts.updated_at')
    .orderBy('hotel_payouts.order_id')
    .execute();
  return rows.map(hotelDebtOf);
}

/** One line per debt, as `npm run payouts -- debts` prints them after the sellers'. */
export function hotelDebtLines(debts: readonly HotelDebt[]): string[] {
  if (!debts.length) return ['No hotel owes a fee back.'];
  return debts.map((debt) => debtLine(debt, `hotel ${debt.hotelId} ${debt.hotelName}`, sentNote(debt)));
}

/** What the transfer sent, when the operator would otherwise not see it: another amount or currency. */
function sentNote(debt: HotelDebt): string {
  if (debt.sentCents === null || debt.sentCurrency === null) return '';
  if (debt.sentCents === debt.amountCents && debt.sentCurrency.toUpperCase() === debt.currency) return '';
  return ` (sent as ${(debt.sentCents / 100).toFixed(2)} ${debt.sentCurrency.toUpperCase()})`;
}

/** Whether the order's hotel owes its fee back, not yet settled: a refusal of its seller's debt points to it. */
export async function hasHotelDebt(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('hotel_payouts')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('state', '=', 'reversal_failed')
    .where('debt_settled', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An operator records how a hotel's debt ended, as a seller's (settleDebt): the ledger clears the hotel's payable
 * for the order, in the sale's currency, into `collected_debts` or `written_off_debts`. Apart from the seller's
 * debt of the same order, which is settled on its own. Answers the debt settled, or a sentence saying why not.
 */
export function settleHotelDebt(
  deps: { db: Kysely<Database>; clock: () => Date },
  orderId: string,
  how: DebtSettlement,
): Promise<{ settled: HotelDebt } | { refused: string }> {
  const payout = {
    table: 'hotel_payouts',
    debtor: 'hotel',
    payoutName: 'fee payout',
    debtName: "hotel's debt",
  } as const;
  return settleDebt(deps, payout, orderId, how, async (trx) => {
    const debt = hotelDebtOf(
      await trx
        .selectFrom('hotel_payouts')
        .innerJoin('hotels', 'hotels.id', 'hotel_payouts.hotel_id')
        .select(HOTEL_DEBT_COLUMNS)
        .where('hotel_payouts.order_id', '=', orderId)
        .executeTakeFirstOrThrow(),
    );
    // The hotel's payable is in the sale's currency, which is the debt's.
    return { debt, debtor: { hotelId: debt.hotelId }, saleCurrency: debt.currency };
  });
}
