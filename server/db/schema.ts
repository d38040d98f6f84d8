import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { HotelWithdrawal } from '../../contract/handover.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';
import type { ResaleChannel } from '../../contract/resale-policy.ts';
import type {
  StripeStandinSessionsTable,
  StripeStandinRefundsTable,
  StripeStandinIdempotencyKeysTable,
  StripeStandinEventsTable,
  StripeStandinAccountsTable,
  StripeStandinAccountLinksTable,
  StripeStandinTransfersTable,
  StripeStandinTransferReversalsTable,
  DemoPmsEnterprisesTable,
  DemoPmsCustomersTable,
  DemoPmsResourceCategoriesTable,
  DemoPmsResourcesTable,
  DemoPmsReservationsTable,
  DemoPmsOrderItemsTable,
  DemoPmsOrdersTable,
  DemoPmsExternalPaymentsTable,
} from './schema-standins.ts';

import type {
  OrdersTable,
  OrderRefundsTable,
  OrderEventsTable,
  PayoutEventsTable,
  PaymentEventsTable,
  PayoutAccountsTable,
  PayoutsTable,
  HotelPayoutAccountsTable,
  HotelPayoutsTable,
  HotelFeePostingsTable,
  LedgerTransactionsTable,
  LedgerEntriesTable,
} from './schema-money.ts';
import type {
  HotelsTable,
  HotelMembersTable,
  HotelInvitesTable,
  HotelIntegrationEventsTable,
} from './schema-hotels.ts';

import type {
  HotelPolicyVersionsTable,
  HotelResalePausesTable,
  DemoPmsRateGroupsTable,
  DemoPmsRatesTable,
} from './schema-resale-policy.ts';

import type { ListingApprovalDecisionsTable, DemoPmsTasksTable, DemoPmsOrderNotesTable } from './schema-approvals.ts';
import type { AuthFlowsTable, AuthRefreshTokensTable, AuthSessionsTable, AuthUsersTable } from './schema-auth.ts';
import type { AlertNoticesTable, AlertSettingsTable, SavedSearchesTable } from './schema-alerts.ts';

export type * from './schema-standins.ts';
export type * from './schema-approvals.ts';
export type * from './schema-auth.ts';
export type * from './schema-alerts.ts';
export type * from './schema-resale-policy.ts';
export type * from './schema-money.ts';
export type * from './schema-hotels.ts';

/** Timestamps read back as Date from both drivers; written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProfilesTable {
  id: string;
  email: string | null;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  created_at: DefaultedTimestamp;
  updated_at: Timestamp | null;
}

export interface ReservationsTable {
  id: Generated<string>;
  provider: 'mews' | 'demo';
  external_id: string;
  confirmation_number: string;
  start_utc: Timestamp;
  end_utc: Timestamp;
  resource_name: string | null;
  hotel_name: string;
  address: string | null;
  city: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  currency: ColumnType<string, string | undefined, string>;
  amount_paid_cents: number | null;
  /** The hotel's IANA time zone: stay dates are calendar days there. */
  time_zone: ColumnType<string, string | undefined, string>;
  guest_email: string | null;
  guest_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  guest_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  state: string;
  owner_id: string | null;
  imported_at: DefaultedTimestamp;
  /** The room's photo URLs from the hotel's system (jsonb); written as a JSON string. */
  room_image_urls: ColumnType<string[], string | undefined, string>;
  /** What the hotel's resale policy reads (migration 0075): the hotel, rate, room type and channels (jsonb). */
  enterprise_id: ColumnType<string | null, string | null | undefined, string | null>;
  rate_id: ColumnType<string | null, string | null | undefined, string | null>;
  room_type_id: ColumnType<string | null, string | null | undefined, string | null>;
  channels: ColumnType<ResaleChannel[], string | undefined, string>;
}

export interface ReservationVerificationsTable {
  id: Generated<string>;
  user_id: string;
  reservation_id: string;
  email: string;
  code_salt: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  replaced_at: Timestamp | null;
  /** Set when the reservation was put in a buyer's name: the proof no longer holds. */
  spent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ListingsTable {
  id: Generated<string>;
  seller_id: string;
  reservation_id: string;
  title: string;
  description: string | null;
  price_cents: number;
  /** What the seller paid at the hotel (from its system), in the listing's currency; null when not known. */
  paid_cents: ColumnType<number | null, number | null | undefined, number | null>;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  hotel_name: string | null;
  city: string;
  country: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  image_url: string | null;
  /** The room type from the hotel's system, without the room's number (migration 0130); null when unknown. */
  room_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many guests the reservation is for, from the hotel's system; null when unknown. */
  guests: ColumnType<number | null, number | null | undefined, number | null>;
  start_utc: Timestamp;
  end_utc: Timestamp;
  /** The hotel's IANA time zone, copied from the reservation (migration 0054): stay dates are days there. */
  time_zone: ColumnType<string, string | undefined, string>;
  buyer_id: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** Set once the sold reservation is in the buyer's name at the hotel (then it no longer blocks a relisting). */
  transferred_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why the hotel's own change withdrew the listing (migration 0053); null for any other withdrawal. */
  withdrawn_by_hotel: ColumnType<HotelWithdrawal | null, HotelWithdrawal | null | undefined, HotelWithdrawal | null>;
  /** Set by the listings_place trigger and computed from the position (migration 0005); never written by code. */
  place_id: ColumnType<number, never, never>;
  geo_cell: ColumnType<number | null, never, never>;
  /** Why the hotel paused this (inactive) listing; it resumes by itself once the hotel allows it again. */
  hotel_pause_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The price in euro cents (unrounded) at the stored exchange rates; null while the currency has no rate. Set by
   * the listings_price_eur trigger and the rates job (migration 0061); never written by other code.
   */
  price_eur_cents: ColumnType<number | null, never, never>;
  /** While the listing waits for its hotel: when the hotel must have decided by (migration 0170). */
  approval_deadline: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The price the hotel last approved: a raise above it asks again; null when the hotel was never asked. */
  approved_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The ECB's daily reference rates: units of each currency per euro (migration 0061). */
export interface ExchangeRatesTable {
  currency: string;
  units_per_euro: number;
  /** The ECB's reference day, YYYY-MM-DD. */
  rate_date: ColumnType<string, string, string>;
  updated_at: Timestamp;
}

/** One row per distinct city, country, location and hotel name, folded for search (migration 0005). */
export interface SearchPlacesTable {
  id: ColumnType<number, never, never>;
  search_text: string;
  hotel_search_text: string;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  full_name: string;
  email: string;
  phone: string;
  message: ColumnType<string, string | undefined, string>;
  consented_at: Timestamp;
  created_at: DefaultedTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  created_at: DefaultedTimestamp;
  /** Extra headers the message carried (e.g. List-Unsubscribe on alerts); jsonb, written as a JSON string. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  key: string;
  /** jsonb; written as a JSON string. */
  payload: ColumnType<unknown, string, string>;
  state: JobState;
  attempts: ColumnType<number, number | undefined, number>;
  /** The generation of the lease: one more at every claim (server/jobs/lease.ts). */
  lease: ColumnType<number, number | undefined, number>;
  run_at: Timestamp;
  /** Claimed first when higher: 1 for an urgent kind (`defineJobType`'s `urgent`), else 0. */
  priority: ColumnType<number, number | undefined, number>;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** Which connected hotel (a hash of its access token) holds a reservation, by id or confirmation number. */
export interface PmsHotelDirectoryTable {
  reference: string;
  hotel_key: string;
  updated_at: Timestamp;
}

export interface PmsHotelSyncTable {
  hotel_key: string;
  synced_until: Timestamp | null;
  leased_until: Timestamp | null;
}

export interface Database {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_flows: AuthFlowsTable;
  profiles: ProfilesTable;
  reservations: ReservationsTable;
  reservation_verifications: ReservationVerificationsTable;
  listings: ListingsTable;
  exchange_rates: ExchangeRatesTable;
  search_places: SearchPlacesTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  stripe_standin_sessions: StripeStandinSessionsTable;
  stripe_standin_refunds: StripeStandinRefundsTable;
  stripe_standin_idempotency_keys: StripeStandinIdempotencyKeysTable;
  stripe_standin_events: StripeStandinEventsTable;
  stripe_standin_accounts: StripeStandinAccountsTable;
  stripe_standin_account_links: StripeStandinAccountLinksTable;
  stripe_standin_transfers: StripeStandinTransfersTable;
  stripe_standin_transfer_reversals: StripeStandinTransferReversalsTable;
  demo_pms_enterprises: DemoPmsEnterprisesTable;
  demo_pms_customers: DemoPmsCustomersTable;
  demo_pms_resource_categories: DemoPmsResourceCategoriesTable;
  demo_pms_resources: DemoPmsResourcesTable;
  demo_pms_reservations: DemoPmsReservationsTable;
  demo_pms_order_items: DemoPmsOrderItemsTable;
  demo_pms_orders: DemoPmsOrdersTable;
  demo_pms_external_payments: DemoPmsExternalPaymentsTable;
  orders: OrdersTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  hotel_payout_accounts: HotelPayoutAccountsTable;
  hotel_payouts: HotelPayoutsTable;
  hotel_fee_postings: HotelFeePostingsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  pms_hotel_directory: PmsHotelDirectoryTable;
  pms_hotel_sync: PmsHotelSyncTable;
  order_events: OrderEventsTable;
  payout_events: PayoutEventsTable;
  order_refunds: OrderRefundsTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  alert_settings: AlertSettingsTable;
  saved_searches: SavedSearchesTable;
  alert_notices: AlertNoticesTable;
  hotels: HotelsTable;
  hotel_members: HotelMembersTable;
  hotel_invites: HotelInvitesTable;
  hotel_integration_events: HotelIntegrationEventsTable;
  hotel_policy_versions: HotelPolicyVersionsTable;
  hotel_resale_pauses: HotelResalePausesTable;
  demo_pms_rate_groups: DemoPmsRateGroupsTable;
  demo_pms_rates: DemoPmsRatesTable;
  listing_approval_decisions: ListingApprovalDecisionsTable;
  demo_pms_tasks: DemoPmsTasksTable;
  demo_pms_order_notes: DemoPmsOrderNotesTable;
}

export type ListingRow = Selectable<ListingsTable>;
export type NewListing = Insertable<ListingsTable>;
export type NewReservation = Insertable<ReservationsTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type OrderRow = Selectable<OrdersTable>;
export type JobRow = Selectable<JobsTable>;
export type AuthUserRow = Selectable<AuthUsersTable>;
export type StripeStandinSessionRow = Selectable<StripeStandinSessionsTable>;
