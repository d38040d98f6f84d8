import { sql } from 'kysely';
import { TRANSFERS_CSV_COLUMNS } from '../../contract/hotel-report.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelDate } from '../listings/stay-dates.ts';
import { orderLedgerAmounts } from './report-money.ts';
import { currentMonth, monthAfter, monthStart, reportScope } from './report-scope.ts';

/**
 * A CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled. A cell a
 * spreadsheet would read as a formula (= + - @, or a tab or carriage return first) is led by a quote mark, so
 * a guest named "=HYPERLINK(…)" stays text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Hundredths as the major unit with two decimals ("120.00"), as spreadsheets read amounts. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * The CSV of the month's transfers (any member): one row per stay put in its buyer's name in the month at the
 * hotel, oldest first, with the ledger's amounts (sale price, the name-change fee, what of it was paid out).
 */
export async function hotelTransfersCsv(
  db: Executor,
  hotelId: string,
  userId: string,
  asked: string | undefined,
  now: Date,
): Promise<{ month: string; csv: string }> {
  const scope = await reportScope(db, hotelId, userId);
  const month = asked ?? currentMonth(now, scope.timeZone);
  const transfers = await db
    .selectFrom('orders as o')
    .innerJoin('reservations as r', 'r.id', 'o.reservation_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .innerJoin('profiles as p', 'p.id', 'o.buyer_id')
    .select(['o.id', 'o.transferred_at', 'o.guest_first_name', 'o.guest_last_name', 'o.currency'])
    .select(['r.confirmation_number', 'r.start_utc', 'r.end_utc', 'r.time_zone', 'l.room_type', 'p.display_name'])
    .where('r.enterprise_id', '=', scope.enterpriseId)
    .where('o.transferred_at', '>=', sql<Date>`${monthStart(month, scope.timeZone)}`)
    .where('o.transferred_at', '<', sql<Date>`${monthStart(monthAfter(month), scope.timeZone)}`)
    .orderBy('o.transferred_at')
    .orderBy('o.id')
    .execute();
  const amounts = await orderLedgerAmounts(
    db,
    scope.hotelId,
    transfers.map((row) => row.id),
  );
  const lines = transfers.map((row) => {
    const checkIn = hotelDate(row.start_utc, row.time_zone);
    const checkOut = hotelDate(row.end_utc, row.time_zone);
    const ledger = amounts.get(row.id);
    const guest = [row.guest_first_name, row.guest_last_name].filter(Boolean).join(' ') || row.display_name;
    return [
      row.id,
      row.confirmation_number,
      checkIn,
      checkOut,
      (Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000,
      row.room_type ?? '',
      guest,
      amount(ledger?.saleCents ?? 0),
      amount(ledger?.feeCents ?? 0),
      amount(ledger?.feePaidOutCents ?? 0),
      ledger?.currency ?? row.currency.toUpperCase(),
      new Date(row.transferred_at!).toISOString(),
    ]
      .map(csvCell)
      .join(',');
  });
  return { month, csv: [TRANSFERS_CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('') };
}
