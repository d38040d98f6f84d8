import { inTransaction } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { HANDOVER_JOBS } from './jobs.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import { readableDay } from '../listings/stay-dates.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { BuyingDeps } from '../payments/deps.ts';

/**
 * Once one of a hotel's stays is in its buyer's name, each of the hotel's admins is emailed: the front desk's own
 * system shows a new guest on the reservation, and the admin learns why from us. Enqueued in the transaction that
 * records the transfer; fans out to one email job per admin, so a retry never writes twice to an admin who already
 * had it.
 */
export function registerHotelAdminsEmailJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  return registry
    .register(HANDOVER_JOBS.hotelAdminsEmail, { maxAttempts: 12, run: ({ orderId }) => emailEachAdmin(deps, orderId) })
    .register(HANDOVER_JOBS.hotelAdminEmail, {
      maxAttempts: 12,
      run: async (payload) => {
        const message = await stayChangedHandsEmail(deps, payload);
        if (message) await deps.mailer.send(message);
        else deps.logger.info(payload, 'a hotel admin has no email address or left the hotel; not emailed');
      },
    });
}

/** The admins of the hotel that holds the order's reservation (none when Restay knows no such hotel). */
async function emailEachAdmin(deps: Pick<BuyingDeps, 'db' | 'clock'>, orderId: string) {
  await inTransaction(deps.db, async (trx) => {
    const admins = await trx
      .selectFrom('orders as o')
      .innerJoin('reservations as r', 'r.id', 'o.reservation_id')
      .innerJoin('hotels as h', 'h.enterprise_id', 'r.enterprise_id')
      .innerJoin('hotel_members as m', 'm.hotel_id', 'h.id')
      .select(['h.id as hotel_id', 'm.user_id'])
      .where('o.id', '=', orderId)
      .where('m.role', '=', 'admin')
      .execute();
    const now = deps.clock();
    for (const admin of admins)
      await enqueueJob(
        trx,
        HANDOVER_JOBS.hotelAdminEmail,
        `${orderId}:${admin.user_id}`,
        { orderId, hotelId: admin.hotel_id, adminId: admin.user_id },
        now,
      );
  });
}

async function stayChangedHandsEmail(
  deps: Pick<BuyingDeps, 'db' | 'publicUrl'>,
  { orderId, hotelId, adminId }: { orderId: string; hotelId: string; adminId: string },
): Promise<MailMessage | null> {
  const row = await deps.db
    .selectFrom('orders as o')
    .innerJoin('hotels as h', (join) => join.on('h.id', '=', hotelId))
    .innerJoin('hotel_members as m', (join) => join.onRef('m.hotel_id', '=', 'h.id').on('m.user_id', '=', adminId))
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['o.handover', 'h.name', 'p.email'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row?.email || !row.handover) return null;
  const stay = row.handover;
  return {
    to: row.email,
    subject: `A stay at ${row.name} changed hands on Restay`,
    text: [
      `Reservation ${stay.confirmationNumber} at ${row.name} is now in ${stay.guestName}'s name: its guest resold it`,
      'on Restay, and your system put it in the buyer’s name through our integration. Nothing else changed: the',
      'same room, dates and rate.',
      '',
      `Dates: ${readableDay(stay.checkIn)} to ${readableDay(stay.checkOut)}`,
      `Restay order: ${orderId}`,
      '',
      `Your hotel console: ${deps.publicUrl}/hotel/${hotelId}`,
    ].join('\n'),
  };
}
