import { sql, type Kysely } from 'kysely';
import type { SearchQuery } from '../../contract/search.ts';
import type { Database } from '../db/schema.ts';
import { searchReply, type SearchReply } from './search-reply.ts';

/**
 * How long a page of results may be served again while nothing it shows has changed. Only the passing of time
 * changes a page without a write (a stay whose check-in passes leaves the results), so this bounds how long
 * such a stay can still be listed; checkout refuses it whatever a page says.
 */
export const SEARCH_CACHE_TTL_MS = 5_000;
/** Distinct searches kept: the popular ones, which are most of the traffic. */
const MAX_SEARCHES = 1_000;

export type SearchReplies = (query: SearchQuery, now: Date) => Promise<SearchReply>;

interface Entry {
  generation: string;
  storedAt: number;
  reply: Promise<SearchReply>;
}

/**
 * The marketplace's searches, each page served again to everyone asking the same search while the data it was
 * read from is unchanged (ADR 0062). Every call reads the search generation, which any committed write to what
 * a search reads replaces (migration 0140): a change is in the very next search, on every instance. Visitors
 * asking the same search at once share one query.
 */
export function cachedSearchReplies(db: Kysely<Database>): SearchReplies {
  const entries = new Map<string, Entry>();
  return async (query, now) => {
    const generation = await searchGeneration(db);
    // Parsed queries list their fields in the schema's order, so the same search has the same key.
    const key = JSON.stringify(query);
    const cached = entries.get(key);
    const age = cached ? now.getTime() - cached.storedAt : -1;
    if (cached?.generation === generation && age >= 0 && age < SEARCH_CACHE_TTL_MS) return cached.reply;

    const entry: Entry = { generation, storedAt: now.getTime(), reply: searchReply(db, query, now) };
    // Re-inserted last, so the first key is the one stored longest ago.
    entries.delete(key);
    if (entries.size >= MAX_SEARCHES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    entry.reply.catch(() => entries.get(key) === entry && entries.delete(key));
    return entry.reply;
  };
}

async function searchGeneration(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    generation: string | null;
  }>`select (select transaction_id::text from search_generation) as generation`.execute(db);
  return rows[0]?.generation ?? 'none';
}
