import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LISTING_DTO_COLUMNS, type ListingWithSeller } from './listing-dto.ts';

function selectListingsWithSeller(db: Kysely<Database>) {
  return db
    .selectFrom('listings')
    .leftJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select([...LISTING_DTO_COLUMNS, 'profiles.first_name']);
}

/** Any listing by id, whatever its status: a sold listing must still open for its buyer. */
export function findListingById(db: Kysely<Database>, id: string): Promise<ListingWithSeller | undefined> {
  return selectListingsWithSeller(db).where('listings.id', '=', id).executeTakeFirst();
}

/** A seller's own listings in every status, newest first. */
export function findListingsBySeller(db: Kysely<Database>, sellerId: string): Promise<ListingWithSeller[]> {
  return selectListingsWithSeller(db)
    .where('listings.seller_id', '=', sellerId)
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id')
    .execute();
}
