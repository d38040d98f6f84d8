import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { CONNECTED_HOTELS_SHOWN, type ConnectedHotel } from '../../contract/selling.ts';
import { escapeLike } from '../db/like.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { LookupHint } from './pms/pms.ts';

/** Connected hotels whose name contains `text` (any case), names starting with it first, then by name. */
export async function searchConnectedHotels(db: Kysely<Database>, text: string): Promise<ConnectedHotel[]> {
  const pattern = escapeLike(text.toLowerCase());
  return db
    .selectFrom('hotels')
    .select(['id', 'name'])
    .where('status', '=', 'connected')
    .where(sql<boolean>`lower(name) like ${`%${pattern}%`}`)
    .orderBy(sql`lower(name) like ${`${pattern}%`}`, 'desc')
    .orderBy('name')
    .limit(CONNECTED_HOTELS_SHOWN)
    .execute();
}

/** The lookup hint for a hotel the seller chose: 400 unless it is a connected hotel. */
export async function lookupHintOf(db: Kysely<Database>, hotelId: string | undefined): Promise<LookupHint | undefined> {
  if (!hotelId) return undefined;
  const hotel = await db
    .selectFrom('hotels')
    .select('token_key')
    .where('id', '=', hotelId)
    .where('status', '=', 'connected')
    .executeTakeFirst();
  const message = 'Please choose the hotel from the list.';
  if (!hotel) throw new AppError('VALIDATION_ERROR', message, [{ field: 'hotelId', message }]);
  return { hotelKey: hotel.token_key };
}
