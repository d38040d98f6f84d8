import type { ColumnType, Selectable } from 'kysely';
import type { ResalePolicy } from '../../contract/resale-policy.ts';
import type { Timestamp } from './schema.ts';

/** One published version of a hotel's resale policy (migration 0075); the newest is live. */
export interface HotelPolicyVersionsTable {
  hotel_id: string;
  version: number;
  /** jsonb: read back as the object, written as a JSON string. */
  policy: ColumnType<ResalePolicy, string, string>;
  published_by: string;
  published_at: Timestamp;
}

/** A row while the hotel's "Pause all resale" is on. */
export interface HotelResalePausesTable {
  hotel_id: string;
  paused_by: string;
  paused_at: Timestamp;
}

/** A demo hotel's rate groups and rates, as Mews' rateGroups/getAll and rates/getAll answer them. */
export interface DemoPmsRateGroupsTable {
  id: string;
  enterprise_id: string;
  name: string;
  ordering: ColumnType<number, number | undefined, number>;
}
export interface DemoPmsRatesTable {
  id: string;
  enterprise_id: string;
  group_id: string;
  name: string;
  short_name: string;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
}

export type HotelPolicyVersionRow = Selectable<HotelPolicyVersionsTable>;
