import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); the newest listings come first. */
export const SITEMAP_LIMIT = 50_000;

export interface PublicPage {
  path: string;
  lastModified?: Date;
}

/** The pages anyone may find: the landing page, the marketplace and every stay on sale whose check-in is ahead. */
export async function publicPages({ db, clock }: { db: Kysely<Database>; clock: Clock }): Promise<PublicPage[]> {
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'updated_at'])
    .where('status', '=', 'active')
    .where('start_utc', '>', clock())
    .orderBy('updated_at', 'desc')
    .limit(SITEMAP_LIMIT - 2)
    .execute();
  return [
    { path: '/' },
    { path: '/marketplace' },
    ...listings.map((listing) => ({ path: `/listings/${listing.id}`, lastModified: new Date(listing.updated_at) })),
  ];
}
