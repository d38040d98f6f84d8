import { sql, type RawBuilder } from 'kysely';
import type { ReportMoney } from '../../contract/hotel-report.ts';
import type { Executor } from '../db/transaction.ts';
import { monthOf, type ReportScope } from './report-scope.ts';

/**
 * The Report's money, read from the ledger alone (ADR 0092) so it always agrees with `npm run ledger:check`: the
 * entries of the hotel's sales' transactions, by the month each was posted and the currency it moved in. The
 * hotel's payable counts only its own entries. A sale price is what its settlement credited the seller and the
 * platform; the fee is what it credited the hotel.
 */
export async function reportMoney(
  db: Executor,
  scope: ReportScope,
  from: RawBuilder<Date>,
  until: RawBuilder<Date>,
): Promise<Map<string, ReportMoney[]>> {
  const { rows } = await sql<{
    month: string;
    currency: string;
    paid: string | null;
    refunded: string | null;
    changed_hands: string | null;
    fees_earned: string | null;
    fees_paid_out: string | null;
  }>`
    select ${monthOf(sql.ref('t.created_at'), scope.timeZone)} as month, e.currency,
      sum(-e.amount_cents) filter (where t.kind = 'payment' and e.account = 'buyer_funds') as paid,
      sum(e.amount_cents) filter (where t.kind = 'refund' and e.account = 'buyer_funds') as refunded,
      sum(-e.amount_cents) filter (
        where t.kind = 'settlement' and e.account in ('platform_fees', 'seller_payable') and not exists (
          select 1 from ledger_transactions undone where undone.kind = 'unsettlement' and undone.order_id = t.order_id)
      ) as changed_hands,
      sum(-e.amount_cents) filter (where t.kind in ('settlement', 'unsettlement') and e.account = 'hotel_payable')
        as fees_earned,
      sum(e.amount_cents) filter (where t.kind in ('hotel_payout', 'hotel_reversal') and e.account = 'hotel_payable')
        as fees_paid_out
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join orders o on o.id = t.order_id
    join reservations r on r.id = o.reservation_id
    where r.enterprise_id = ${scope.enterpriseId}
      and t.created_at >= ${from} and t.created_at < ${until}
      and (e.account <> 'hotel_payable' or e.hotel_id = ${scope.hotelId})
      and e.account in ('buyer_funds', 'platform_fees', 'seller_payable', 'hotel_payable')
    group by 1, 2
    order by 2`.execute(db);
  const byMonth = new Map<string, ReportMoney[]>();
  for (const row of rows) {
    const money = {
      currency: row.currency,
      paidCents: Number(row.paid ?? 0),
      refundedCents: Number(row.refunded ?? 0),
      changedHandsCents: Number(row.changed_hands ?? 0),
      feesEarnedCents: Number(row.fees_earned ?? 0),
      feesPaidOutCents: Number(row.fees_paid_out ?? 0),
    };
    // A currency whose entries net to nothing in the month (a payment's own entries) says nothing: left out.
    if (Object.values(money).some((value) => typeof value === 'number' && value !== 0))
      byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), money]);
  }
  return byMonth;
}

/** One transferred order's amounts from the ledger, in its sale's currency (zero before its settlement). */
export interface OrderLedgerAmounts {
  currency: string;
  saleCents: number;
  feeCents: number;
  feePaidOutCents: number;
}

/** The ledger's amounts of each of `orderIds`, for the CSV of the month's transfers. */
export async function orderLedgerAmounts(
  db: Executor,
  hotelId: string,
  orderIds: string[],
): Promise<Map<string, OrderLedgerAmounts>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['t.order_id', 't.currency'])
    .select([
      sql<string>`coalesce(sum(-e.amount_cents) filter (where t.kind = 'settlement' and e.account in ('platform_fees', 'seller_payable')), 0)`.as(
        'sale',
      ),
      sql<string>`coalesce(sum(-e.amount_cents) filter (where t.kind = 'settlement' and e.account = 'hotel_payable'), 0)`.as(
        'fee',
      ),
      sql<string>`coalesce(sum(e.amount_cents) filter (where t.kind in ('hotel_payout', 'hotel_reversal') and e.account = 'hotel_payable'), 0)`.as(
        'paid_out',
      ),
    ])
    .where('t.order_id', 'in', orderIds)
    .where('t.kind', 'in', ['settlement', 'hotel_payout', 'hotel_reversal'])
    .where((eb) => eb.or([eb('e.account', '<>', 'hotel_payable'), eb('e.hotel_id', '=', hotelId)]))
    .groupBy(['t.order_id', 't.currency'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.order_id,
      {
        currency: row.currency,
        saleCents: Number(row.sale),
        feeCents: Number(row.fee),
        feePaidOutCents: Number(row.paid_out),
      },
    ]),
  );
}
