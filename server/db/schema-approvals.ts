import type { ColumnType, Generated } from 'kysely';
import type { RejectionReason } from '../../contract/stay-approvals.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One hotel decision on a listing (migration 0170): by its staff, or by the deadline job (`decided_by` null). */
export interface ListingApprovalDecisionsTable {
  id: Generated<string>;
  listing_id: string;
  hotel_id: string;
  decision: 'approved' | 'rejected';
  reason: RejectionReason | null;
  note: string | null;
  /** The asking price the decision was about, in the listing's currency's minor units. */
  price_cents: number;
  decided_by: string | null;
  decided_at: Timestamp;
}

/** A task Restay added to a demo PMS reservation (tasks/add). */
export interface DemoPmsTasksTable {
  id: string;
  enterprise_id: string;
  service_order_id: string | null;
  name: string;
  description: string | null;
  deadline_utc: Timestamp;
  created_utc: Timestamp;
}

/** A note Restay added to a demo PMS reservation (serviceOrderNotes/add). */
export interface DemoPmsOrderNotesTable {
  id: string;
  enterprise_id: string;
  order_id: string;
  text: string;
  created_utc: Timestamp;
}
