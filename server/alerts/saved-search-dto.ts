import type { Kysely, Selectable } from 'kysely';
import type { SavedSearch } from '../../contract/alerts.ts';
import type { Database, SavedSearchesTable } from '../db/schema.ts';
import { searchListings } from '../listings/search.ts';
import { asSearchQuery } from './saved-search-index.ts';

export type SavedSearchRow = Pick<
  Selectable<SavedSearchesTable>,
  'id' | 'name' | 'query' | 'frequency' | 'paused' | 'created_at'
>;
export const SAVED_SEARCH_COLUMNS = ['id', 'name', 'query', 'frequency', 'paused', 'created_at'] as const;

/** A saved search as the API shows it, with how many stays match now, counted by the marketplace search itself. */
export async function toSavedSearchDto(db: Kysely<Database>, row: SavedSearchRow, now: Date): Promise<SavedSearch> {
  const { meta } = await searchListings(db, { ...asSearchQuery(row.query), pageSize: 1 }, now);
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    frequency: row.frequency,
    paused: row.paused,
    matchCount: meta.total,
    matchCountCapped: meta.totalCapped,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
