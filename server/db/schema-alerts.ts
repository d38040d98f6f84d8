import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema.ts';

/** Saved searches and the alerts they send. */
export type AlertReason = 'new' | 'price_drop';

export interface AlertSettingsTable {
  user_id: string;
  digest_hour: number;
  time_zone: string;
  next_digest_at: Timestamp;
}

export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** The marketplace query as URL text (jsonb); written as a JSON string. */
  query: ColumnType<Record<string, string>, string, string>;
  frequency: 'instant' | 'daily';
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  has_text: boolean;
  place_ids: number[] | null;
  places_upto: number | null;
  cells: number[] | null;
  start_date: ColumnType<string | null, string | null, string | null>;
  end_date: ColumnType<string | null, string | null, string | null>;
  min_price_cents: number | null;
  max_price_cents: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlertNoticesTable {
  user_id: string;
  listing_id: string;
  reason: AlertReason;
  saved_search_id: string | null;
  channel: 'instant' | 'digest';
  price_cents: number;
  previous_price_cents: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}
