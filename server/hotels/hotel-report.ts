import { sql } from 'kysely';
import type { HotelReportReply, ReportMoney, ReportMonthFigures } from '../../contract/hotel-report.ts';
import type { Executor } from '../db/transaction.ts';
import { reportMoney } from './report-money.ts';
import { currentMonth, monthAfter, monthOf, monthsEndingWith, monthStart, reportScope } from './report-scope.ts';

type Counts = Omit<ReportMonthFigures, 'month' | 'money'>;

const NO_COUNTS: Counts = {
  listed: 0,
  approved: 0,
  rejected: 0,
  timedOut: 0,
  medianDecisionMinutes: null,
  sales: 0,
  transfers: 0,
  transfersFailed: 0,
  refunds: 0,
  roomNights: 0,
};

/**
 * The console's Report (any member): the month's figures and the twelve months up to it, as contract/hotel-report.ts
 * defines each. Four grouped queries over the twelve months (listings, decisions, the sales' moments, the
 * ledger), whatever the hotel's size.
 */
export async function hotelReport(
  db: Executor,
  hotelId: string,
  userId: string,
  asked: string | undefined,
  now: Date,
): Promise<HotelReportReply> {
  const scope = await reportScope(db, hotelId, userId);
  const months = monthsEndingWith(asked ?? currentMonth(now, scope.timeZone), 12);
  const from = monthStart(months[0]!, scope.timeZone);
  const until = monthStart(monthAfter(months.at(-1)!), scope.timeZone);
  const tz = scope.timeZone;
  const inWindow = (column: string) => sql`${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${until}`;

  const [listed, decisions, sales, money] = await Promise.all([
    sql<{ month: string; listed: string }>`
      select ${monthOf(sql.ref('l.created_at'), tz)} as month, count(*) as listed
      from listings l join reservations r on r.id = l.reservation_id
      where r.enterprise_id = ${scope.enterpriseId} and ${inWindow('l.created_at')}
      group by 1`.execute(db),
    sql<{ month: string; approved: string; rejected: string; timed_out: string; median: number | null }>`
      select ${monthOf(sql.ref('d.decided_at'), tz)} as month,
        count(*) filter (where d.decided_by is not null and d.decision = 'approved') as approved,
        count(*) filter (where d.decided_by is not null and d.decision = 'rejected') as rejected,
        count(*) filter (where d.decided_by is null) as timed_out,
        percentile_cont(0.5) within group (order by extract(epoch from d.decided_at - l.created_at) / 60)
          filter (where d.decided_by is not null and not exists (
            select 1 from listing_approval_decisions earlier
            where earlier.listing_id = d.listing_id and earlier.decided_at < d.decided_at)) as median
      from listing_approval_decisions d join listings l on l.id = d.listing_id
      where d.hotel_id = ${scope.hotelId} and ${inWindow('d.decided_at')}
      group by 1`.execute(db),
    // Each sale's moments in the window, one row per moment and what it counts.
    sql<{ month: string; what: 'sales' | 'transfers' | 'transfersFailed' | 'refunds'; count: string; nights: string }>`
      select ${monthOf(sql.ref('m.at'), tz)} as month, m.what, count(*) as count, sum(m.nights) as nights
      from orders o join reservations r on r.id = o.reservation_id
      cross join lateral (values
        ('sales', o.paid_at, 0),
        ('transfers', o.transferred_at,
          (r.end_utc at time zone r.time_zone)::date - (r.start_utc at time zone r.time_zone)::date),
        ('refunds', o.refunded_at, 0)
      ) as m (what, at, nights)
      where r.enterprise_id = ${scope.enterpriseId} and ${inWindow('m.at')}
      group by 1, 2
      union all
      select ${monthOf(sql.ref('e.at'), tz)}, 'transfersFailed', count(*), 0
      from order_events e join orders o on o.id = e.order_id join reservations r on r.id = o.reservation_id
      where r.enterprise_id = ${scope.enterpriseId} and e.to_state = 'transfer_failed' and ${inWindow('e.at')}
      group by 1`.execute(db),
    reportMoney(db, scope, from, until),
  ]);

  const counts = new Map<string, Counts>(months.map((month) => [month, { ...NO_COUNTS }]));
  for (const row of listed.rows) counts.get(row.month)!.listed = Number(row.listed);
  for (const row of decisions.rows)
    Object.assign(counts.get(row.month)!, {
      approved: Number(row.approved),
      rejected: Number(row.rejected),
      timedOut: Number(row.timed_out),
      medianDecisionMinutes: row.median === null ? null : Math.round(Number(row.median)),
    });
  for (const row of sales.rows) {
    const month = counts.get(row.month)!;
    month[row.what] = Number(row.count);
    if (row.what === 'transfers') month.roomNights = Number(row.nights);
  }
  const series = months.map((month) => ({
    month,
    ...counts.get(month)!,
    money: money.get(month) ?? ([] as ReportMoney[]),
  }));
  return { month: series.at(-1)!, series, timeZone: tz };
}
