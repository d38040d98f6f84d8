import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from './schema.ts';

export type HotelStatus = 'pending' | 'connected' | 'suspended';
export type HotelRole = 'admin' | 'staff';

/** A hotel (one Mews enterprise) that connected our integration; its access token only encrypted. */
export interface HotelsTable {
  id: Generated<string>;
  enterprise_id: string;
  integration_id: string | null;
  chain_id: string | null;
  name: string;
  status: HotelStatus;
  /** When `status` last changed (migration 0183); null while it is the one the hotel joined with. */
  status_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** AES-256-GCM under HOTEL_TOKEN_KEY (server/hotels/token-cipher.ts); never the raw token. */
  access_token_ciphertext: string;
  /** A hash of the access token: how the PMS adapter's directory names the hotel. */
  token_key: string;
  /** The hash of the MEWS_ACCESS_TOKENS entry that imported the hotel, if one did. */
  imported_token_key: string | null;
  requestor_name: string | null;
  requestor_email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HotelMembersTable {
  hotel_id: string;
  user_id: string;
  role: HotelRole;
  created_at: Timestamp;
}

export interface HotelInvitesTable {
  id: Generated<string>;
  hotel_id: string;
  /** The first admin's link (to the requestor) or a member's invitation (from an admin). */
  kind: 'first_admin' | 'member';
  /** A hash of the link's token; the token itself is only in the email. */
  token_hash: string;
  email: string;
  role: HotelRole;
  invited_by: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: string | null;
  /** Someone signed in with another email opened a first-admin link: they wait for a chain admin's approval. */
  pending_user_id: string | null;
  pending_since: Timestamp | null;
  approved_by: string | null;
  created_at: Timestamp;
}

export interface HotelIntegrationEventsTable {
  id: Generated<string>;
  action: string;
  integration_id: string | null;
  enterprise_id: string | null;
  /** Set for events carrying a value of their own, so a redelivery is recorded once. */
  digest: string | null;
  /** The event's `Data` without its token (jsonb); written as a JSON string. */
  data: ColumnType<unknown, string, string>;
  /** The access token or API key it carried, encrypted like the hotel's. */
  token_ciphertext: string | null;
  received_at: Timestamp;
  /** Arrival order (bigint, read as a string): an integration's events are applied in it. */
  seq: Generated<string>;
  processed_at: Timestamp | null;
  outcome: string | null;
}

export type HotelRow = Selectable<HotelsTable>;
export type HotelMemberRow = Selectable<HotelMembersTable>;
export type HotelInviteRow = Selectable<HotelInvitesTable>;
