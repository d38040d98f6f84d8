import type { Transaction } from 'kysely';
import type { LedgerAccount, LedgerKind } from '../db/ledger-accounts.ts';
import type { Database } from '../db/schema.ts';

export interface LedgerEntry {
  account: LedgerAccount;
  /** Required for `seller_payable`, absent for the others. */
  sellerId?: string;
  /** Required for `hotel_payable`, absent for the others. */
  hotelId?: string;
  /** Hundredths of the currency's major unit, never 0. */
  amountCents: number;
  /** ISO 4217, upper-case; absent: the posting's own currency (the sale's). */
  currency?: string;
}

export interface LedgerPosting {
  kind: LedgerKind;
  /** What makes the event unique within its kind: the provider's object id, or the order id. */
  reference: string;
  orderId: string;
  /** The sale's currency (ISO 4217, upper-case); entries in another currency say so. */
  currency: string;
  entries: readonly LedgerEntry[];
  now: Date;
}

/**
 * Posts one money event, inside the caller's transaction so it commits with the state change that caused it.
 * Posting the same (kind, reference) again changes nothing and answers false, so replays and retries are safe.
 * Entries that do not sum to zero in each currency are a bug in the caller: refused here, and by the database at
 * commit.
 */
export async function postToLedger(trx: Transaction<Database>, posting: LedgerPosting): Promise<boolean> {
  const currencyOf = (entry: LedgerEntry) => (entry.currency ?? posting.currency).toUpperCase();
  const entries = posting.entries.filter((entry) => entry.amountCents !== 0);
  const sums = new Map<string, number>();
  for (const entry of entries) sums.set(currencyOf(entry), (sums.get(currencyOf(entry)) ?? 0) + entry.amountCents);
  if ([...sums.values()].some((sum) => sum !== 0) || entries.some((entry) => !Number.isInteger(entry.amountCents))) {
    throw new Error(
      `ledger ${posting.kind} ${posting.reference}: entries must be whole cents summing to zero in each currency`,
    );
  }
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({
      kind: posting.kind,
      reference: posting.reference,
      order_id: posting.orderId,
      currency: posting.currency.toUpperCase(),
      created_at: posting.now,
    })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (entries.length === 0) return true;
  await trx
    .insertInto('ledger_entries')
    .values(
      entries.map((entry, line) => ({
        transaction_id: inserted.id,
        line,
        account: entry.account,
        seller_id: entry.sellerId ?? null,
        hotel_id: entry.hotelId ?? null,
        currency: currencyOf(entry),
        amount_cents: entry.amountCents,
      })),
    )
    .execute();
  return true;
}

/** The entries of a transaction already posted, e.g. to post their exact negation when a settlement is undone. */
export async function ledgerEntriesOf(
  trx: Transaction<Database>,
  kind: LedgerKind,
  reference: string,
): Promise<LedgerEntry[]> {
  const rows = await trx
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'ledger_entries.account',
      'ledger_entries.seller_id',
      'ledger_entries.hotel_id',
      'ledger_entries.currency',
      'ledger_entries.amount_cents',
    ])
    .where('ledger_transactions.kind', '=', kind)
    .where('ledger_transactions.reference', '=', reference)
    .orderBy('ledger_entries.line')
    .execute();
  return rows.map((row) => ({
    account: row.account,
    ...(row.seller_id ? { sellerId: row.seller_id } : {}),
    ...(row.hotel_id ? { hotelId: row.hotel_id } : {}),
    amountCents: row.amount_cents,
    currency: row.currency,
  }));
}
