import type { AlertReason } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import type { AlertedStay } from './alert-emails.ts';

/** A notice with what its email needs: the stay, the search that found it and the person's address. */
export interface NoticeDetails {
  key: { user_id: string; listing_id: string; reason: AlertReason };
  email: string | null;
  searchId: string;
  searchName: string;
  /** Paused, or deleted since the notice was recorded: no email. */
  paused: boolean;
  /** Still for sale at `now`: active and check-in ahead (a sold, held or expired stay is left out). */
  forSale: boolean;
  stay: AlertedStay;
}

export async function readNoticeDetails(
  db: Executor,
  now: Date,
  where: { userId: string; channel: 'digest' } | { listingId: string; reason: AlertReason; channel: 'instant' },
): Promise<NoticeDetails[]> {
  let query = db
    .selectFrom('alert_notices as n')
    .leftJoin('saved_searches as s', 's.id', 'n.saved_search_id')
    .innerJoin('listings as l', 'l.id', 'n.listing_id')
    .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
    .innerJoin('profiles as p', 'p.id', 'n.user_id')
    .select([
      'n.user_id',
      'n.listing_id',
      'n.reason',
      'n.price_cents',
      'n.previous_price_cents',
      'p.email',
      's.id as search_id',
      's.name as search_name',
      's.paused',
      'l.title',
      'r.time_zone',
      'l.hotel_name',
      'l.city',
      'l.country',
      'l.start_utc',
      'l.end_utc',
      'l.currency',
      'l.status',
    ])
    .where('n.sent_at', 'is', null);
  query =
    'userId' in where
      ? query.where('n.user_id', '=', where.userId).where('n.channel', '=', where.channel)
      : query
          .where('n.listing_id', '=', where.listingId)
          .where('n.reason', '=', where.reason)
          .where('n.channel', '=', where.channel);
  const rows = await query.orderBy('s.created_at').orderBy('n.created_at').execute();
  return rows.map((row) => ({
    key: { user_id: row.user_id, listing_id: row.listing_id, reason: row.reason },
    email: row.email,
    searchId: row.search_id ?? '',
    searchName: row.search_name ?? '',
    paused: row.paused ?? true,
    forSale: row.status === 'active' && new Date(row.start_utc).getTime() > now.getTime(),
    stay: {
      listingId: row.listing_id,
      reason: row.reason,
      title: row.title,
      hotel: row.hotel_name,
      city: row.city,
      country: row.country,
      start: new Date(row.start_utc),
      end: new Date(row.end_utc),
      timeZone: row.time_zone,
      priceCents: row.price_cents,
      previousPriceCents: row.previous_price_cents,
      currency: row.currency,
    },
  }));
}

/** Marks notices done: emailed, or left out because the stay or the search no longer qualifies. */
export async function markNoticesSent(db: Executor, keys: NoticeDetails['key'][], now: Date): Promise<void> {
  for (const key of keys) {
    await db
      .updateTable('alert_notices')
      .set({ sent_at: now })
      .where('user_id', '=', key.user_id)
      .where('listing_id', '=', key.listing_id)
      .where('reason', '=', key.reason)
      .execute();
  }
}
