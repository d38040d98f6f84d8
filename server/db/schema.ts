import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { OrderState } from '../../contract/buying.ts';
import type { ListingStatus } from '../../contract/listing-status.ts';

/** Timestamps read back as Date from both drivers; written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  guest_email: string | null;
  state: string;
  owner_id: string | null;
  imported_at: DefaultedTimestamp;
  /** The room's photo URLs from the hotel's system (jsonb); written as a JSON string. */
  room_image_urls: ColumnType<string[], string | undefined, string>;
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
}

export interface ListingsTable {
  id: Generated<string>;
  seller_id: string;
  reservation_id: string;
  title: string;
  description: string | null;
  price_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  hotel_name: string | null;
  city: string;
  country: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  image_url: string | null;
  start_utc: Timestamp;
  end_utc: Timestamp;
  buyer_id: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** Set by the listings_place trigger and computed from the position (migration 0005); never written by code. */
  place_id: ColumnType<number, never, never>;
  geo_cell: ColumnType<number | null, never, never>;
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
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface AuthUsersTable {
  id: Generated<string>;
  email: string;
  provider: string;
  provider_subject: string;
  user_metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  identity_id: Generated<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  last_sign_in_at: Timestamp | null;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
}

export interface AuthRefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: DefaultedTimestamp;
  rotated_at: Timestamp | null;
}

export interface AuthFlowsTable {
  id: Generated<string>;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  oidc_code_verifier: string | null;
  oidc_nonce: string | null;
  user_id: string | null;
  auth_code_hash: string | null;
  created_at: DefaultedTimestamp;
  code_issued_at: Timestamp | null;
  used_at: Timestamp | null;
}

/** The built-in checkout server's sessions (migration 0011); amounts in minor units, as Stripe sends them. */
export interface StripeStandinSessionsTable {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  currency: string;
  amount_total: number;
  line_items: ColumnType<StandinLineItem[], string, string>;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  payment_intent_metadata: ColumnType<Record<string, string>, string | undefined, string>;
  success_url: string;
  cancel_url: string | null;
  payment_intent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
  expired_at: Timestamp | null;
}

export interface StandinLineItem {
  name: string;
  description: string | null;
  unit_amount: number;
  quantity: number;
}

export interface StripeStandinRefundsTable {
  id: string;
  payment_intent: string;
  amount: number;
  currency: string;
  reason: string | null;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Timestamp;
}

export interface StripeStandinIdempotencyKeysTable {
  key: string;
  request_fingerprint: string;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface StripeStandinEventsTable {
  id: string;
  type: string;
  payload: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  last_error: string | null;
}

/** The demo PMS's hotels, one Mews-style access token each (migration 0008). */
export interface DemoPmsEnterprisesTable {
  id: string;
  access_token: string;
  service_id: string;
  name: string;
  address_line1: string;
  postal_code: string | null;
  city: string;
  country_code: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  currency: string;
}

export interface DemoPmsCustomersTable {
  id: string;
  enterprise_id: string;
  first_name: string | null;
  last_name: string;
  email: string | null;
  has_ota_email: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DemoPmsResourceCategoriesTable {
  id: string;
  enterprise_id: string;
  name: string;
  short_name: string;
  type: string;
  capacity: number;
}

export interface DemoPmsResourcesTable {
  id: string;
  enterprise_id: string;
  category_id: string;
  name: string;
  floor_number: string;
}

export interface DemoPmsReservationsTable {
  id: string;
  enterprise_id: string;
  number: string;
  state: string;
  origin: string;
  channel_number: string | null;
  customer_id: string;
  category_id: string;
  resource_id: string | null;
  adult_count: number;
  scheduled_start_utc: Timestamp;
  scheduled_end_utc: Timestamp;
  created_utc: Timestamp;
  cancelled_utc: Timestamp | null;
}

export interface DemoPmsOrderItemsTable {
  id: string;
  reservation_id: string;
  type: string;
  accounting_state: string;
  unit_count: number;
  currency: string;
  gross_cents: number;
  net_cents: number;
  tax_code: string | null;
  consumed_utc: Timestamp;
}

export interface OrdersTable {
  id: Generated<string>;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  buyer_email: string | null;
  amount_cents: number;
  currency: string;
  state: ColumnType<OrderState, OrderState, OrderState>;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  hold_expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  from_state: OrderState | null;
  to_state: OrderState;
  reason: string;
  at: Timestamp;
}

export interface PaymentEventsTable {
  event_id: string;
  type: string;
  session_id: string | null;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

export type PaymentJobKind = 'refund' | 'receipt_email' | 'sale_email' | 'refund_email';

export interface PaymentJobsTable {
  id: Generated<string>;
  kind: PaymentJobKind;
  order_id: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  done_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
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
  search_places: SearchPlacesTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  stripe_standin_sessions: StripeStandinSessionsTable;
  stripe_standin_refunds: StripeStandinRefundsTable;
  stripe_standin_idempotency_keys: StripeStandinIdempotencyKeysTable;
  stripe_standin_events: StripeStandinEventsTable;
  demo_pms_enterprises: DemoPmsEnterprisesTable;
  demo_pms_customers: DemoPmsCustomersTable;
  demo_pms_resource_categories: DemoPmsResourceCategoriesTable;
  demo_pms_resources: DemoPmsResourcesTable;
  demo_pms_reservations: DemoPmsReservationsTable;
  demo_pms_order_items: DemoPmsOrderItemsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  payment_events: PaymentEventsTable;
  payment_jobs: PaymentJobsTable;
}

export type ListingRow = Selectable<ListingsTable>;
export type NewListing = Insertable<ListingsTable>;
export type NewReservation = Insertable<ReservationsTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PaymentJobRow = Selectable<PaymentJobsTable>;
export type AuthUserRow = Selectable<AuthUsersTable>;
export type StripeStandinSessionRow = Selectable<StripeStandinSessionsTable>;
