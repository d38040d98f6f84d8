import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Where the PMS adapter remembers which connected hotel holds a reservation, by references such as
 * `id:<reservation id>` and `number:<confirmation number>`. A hint, never the truth: a hotel that no longer
 * has the reservation is followed by the others.
 */
export interface HotelDirectory {
  hotelOf(reference: string): Promise<string | undefined>;
  remember(references: readonly string[], hotelKey: string): Promise<void>;
}

/** Kept in the database, so a restarted (or a second) API instance asks the right hotel first. */
export function databaseHotelDirectory(db: Kysely<Database>, clock: () => Date): HotelDirectory {
  return {
    async hotelOf(reference) {
      const row = await db
        .selectFrom('pms_hotel_directory')
        .select('hotel_key')
        .where('reference', '=', reference)
        .executeTakeFirst();
      return row?.hotel_key;
    },
    async remember(references, hotelKey) {
      const updated_at = clock();
      await db
        .insertInto('pms_hotel_directory')
        .values(references.map((reference) => ({ reference, hotel_key: hotelKey, updated_at })))
        .onConflict((oc) => oc.column('reference').doUpdateSet({ hotel_key: hotelKey, updated_at }))
        .execute();
    },
  };
}

const REMEMBERED_IN_MEMORY = 10_000;

/** For an adapter without a database (tests, one-off tools): bounded, the oldest entry goes first. */
export function memoryHotelDirectory(): HotelDirectory {
  const hotels = new Map<string, string>();
  return {
    async hotelOf(reference) {
      return hotels.get(reference);
    },
    async remember(references, hotelKey) {
      for (const reference of references) {
        hotels.delete(reference);
        hotels.set(reference, hotelKey);
        if (hotels.size > REMEMBERED_IN_MEMORY) hotels.delete(hotels.keys().next().value!);
      }
    },
  };
}
