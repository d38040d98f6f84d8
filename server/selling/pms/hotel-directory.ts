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
  /**
   * Claims the next sync of a hotel's reservations for `leaseMs`: answers until when the last finished sync
   * read (null: never), or undefined while another instance holds the claim or the hotel was synced after
   * `unlessSyncedAfter` (by another instance, earlier in the same round).
   */
  claimSync(
    hotelKey: string,
    claim: { leaseMs: number; unlessSyncedAfter: Date },
  ): Promise<{ syncedUntil: Date | null } | undefined>;
  /** Records that every reservation of the hotel changed before `syncedUntil` is remembered, and frees the claim. */
  finishSync(hotelKey: string, syncedUntil: Date): Promise<void>;
}

/** At most this many references per insert: well under PostgreSQL's limit on a statement's parameters. */
const REMEMBERED_PER_INSERT = 1000;

/** Kept in the database, so a restarted (or a second) API instance asks the right hotel first. */
export function databaseHotelDirectory({ db, clock }: { db: Kysely<Database>; clock: () => Date }): HotelDirectory {
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
      for (let start = 0; start < references.length; start += REMEMBERED_PER_INSERT)
        await db
          .insertInto('pms_hotel_directory')
          .values(
            references
              .slice(start, start + REMEMBERED_PER_INSERT)
              .map((reference) => ({ reference, hotel_key: hotelKey, updated_at })),
          )
          .onConflict((oc) => oc.column('reference').doUpdateSet({ hotel_key: hotelKey, updated_at }))
          .execute();
    },
    async claimSync(hotelKey, { leaseMs, unlessSyncedAfter }) {
      const now = clock();
      const leased_until = new Date(now.getTime() + leaseMs);
      const claimed = await db
        .insertInto('pms_hotel_sync')
        .values({ hotel_key: hotelKey, synced_until: null, leased_until })
        .onConflict((oc) =>
          oc
            .column('hotel_key')
            .doUpdateSet({ leased_until })
            .where((eb) =>
              eb.and([
                eb.or([eb('pms_hotel_sync.leased_until', 'is', null), eb('pms_hotel_sync.leased_until', '<=', now)]),
                eb.or([
                  eb('pms_hotel_sync.synced_until', 'is', null),
                  eb('pms_hotel_sync.synced_until', '<=', unlessSyncedAfter),
                ]),
              ]),
            ),
        )
        .returning('synced_until')
        .executeTakeFirst();
      return claimed ? { syncedUntil: claimed.synced_until } : undefined;
    },
    async finishSync(hotelKey, syncedUntil) {
      await db
        .updateTable('pms_hotel_sync')
        .set({ synced_until: syncedUntil, leased_until: null })
        .where('hotel_key', '=', hotelKey)
        .execute();
    },
  };
}

const REMEMBERED_IN_MEMORY = 10_000;

/** For an adapter without a database (tests, one-off tools): bounded, the oldest entry goes first. */
export function memoryHotelDirectory(clock: () => Date = () => new Date()): HotelDirectory {
  const hotels = new Map<string, string>();
  const syncs = new Map<string, { syncedUntil: Date | null; leasedUntil: Date | null }>();
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
    async claimSync(hotelKey, { leaseMs, unlessSyncedAfter }) {
      const now = clock();
      const sync = syncs.get(hotelKey) ?? { syncedUntil: null, leasedUntil: null };
      if (sync.leasedUntil && sync.leasedUntil > now) return undefined;
      if (sync.syncedUntil && sync.syncedUntil > unlessSyncedAfter) return undefined;
      syncs.set(hotelKey, { ...sync, leasedUntil: new Date(now.getTime() + leaseMs) });
      return { syncedUntil: sync.syncedUntil };
    },
    async finishSync(hotelKey, syncedUntil) {
      syncs.set(hotelKey, { syncedUntil, leasedUntil: null });
    },
  };
}
