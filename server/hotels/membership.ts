import { z } from 'zod';
import type { HotelRole } from '../../contract/hotels.ts';
import type { Executor } from '../db/transaction.ts';
import { AppError, notFound } from '../http/errors.ts';

/**
 * The caller's role at the hotel, the one answer every hotel route gives: 404 for a malformed id, an unknown
 * hotel, or a hotel the caller does not work for (another hotel's people and sellers learn nothing, not even that
 * it exists); 403 when `needed` is admin and the caller is staff.
 */
export async function roleAt(db: Executor, userId: string, hotelId: unknown, needed: HotelRole | 'member' = 'member') {
  const id = z.guid().safeParse(hotelId);
  if (!id.success) throw notFound('Hotel');
  const member = await db
    .selectFrom('hotel_members')
    .innerJoin('hotels', 'hotels.id', 'hotel_members.hotel_id')
    .select(['hotel_members.role', 'hotels.id', 'hotels.name', 'hotels.status'])
    .where('hotel_members.hotel_id', '=', id.data)
    .where('hotel_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!member) throw notFound('Hotel');
  if (needed === 'admin' && member.role !== 'admin')
    throw new AppError('FORBIDDEN', "Only the hotel's admins can do this.");
  return { hotel: { id: member.id, name: member.name, status: member.status }, role: member.role as HotelRole };
}

/** A member's hotel with its enterprise, how the hotel's stays are known (their reservations'); roleAt's refusals. */
export async function memberHotelEnterprise(db: Executor, userId: string, hotelId: unknown) {
  const { hotel } = await roleAt(db, userId, hotelId);
  const { enterprise_id: enterpriseId } = await db
    .selectFrom('hotels')
    .select('enterprise_id')
    .where('id', '=', hotel.id)
    .executeTakeFirstOrThrow();
  return { hotel, enterpriseId };
}
