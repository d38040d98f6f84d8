import type { ColumnType } from 'kysely';
import type { Timestamp } from './schema.ts';

/**
 * The tables of the local stand-ins (the built-in checkout server and the demo PMS), apart from the product's own
 * so that schema.ts reads as the product's data. Only the stand-ins read or write them.
 */

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
  response_status: number;
  response_body: string;
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
  /** One of the seeded demo hotels (migration 0075): connected with a published resale policy. */
  seeded: ColumnType<boolean, boolean | undefined, boolean>;
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
  /** The chain it belongs to, if any (Mews' `ChainId`). */
  chain_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The integration our app has with it, once the demo hotel connected through "Connect a demo hotel". */
  integration_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the hotel granted orders/add and payments/addExternal (migration 0182); false answers 401. */
  orders_granted: ColumnType<boolean, boolean | undefined, boolean>;
}

/** What the demo PMS's orders/add wrote (migration 0182): one custom item linked to a reservation. */
export interface DemoPmsOrdersTable {
  id: string;
  enterprise_id: string;
  service_id: string;
  account_id: string;
  linked_reservation_id: string | null;
  item_name: string;
  unit_count: number;
  currency: string;
  /** numeric: read back as a string. */
  gross_value: ColumnType<string, number, number>;
  external_identifier: string | null;
  notes: string | null;
  created_utc: Timestamp;
}

/** What the demo PMS's payments/addExternal wrote (migration 0182). */
export interface DemoPmsExternalPaymentsTable {
  id: string;
  enterprise_id: string;
  account_id: string;
  reservation_id: string | null;
  currency: string;
  gross_value: ColumnType<string, number, number>;
  type: string | null;
  external_identifier: string | null;
  notes: string | null;
  created_utc: Timestamp;
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
  /** How the booking was made, as Mews' reservation says it (migration 0075); null: none of these. */
  rate_id: ColumnType<string | null, string | null | undefined, string | null>;
  travel_agency_id: ColumnType<string | null, string | null | undefined, string | null>;
  partner_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  availability_block_id: ColumnType<string | null, string | null | undefined, string | null>;
  voucher_id: ColumnType<string | null, string | null | undefined, string | null>;
  customer_id: string;
  category_id: string;
  resource_id: string | null;
  adult_count: number;
  scheduled_start_utc: Timestamp;
  scheduled_end_utc: Timestamp;
  created_utc: Timestamp;
  cancelled_utc: Timestamp | null;
  transfer_behaviour: ColumnType<
    'refuse' | 'fail_twice' | 'lose_reply' | null,
    'refuse' | 'fail_twice' | 'lose_reply' | null | undefined,
    'refuse' | 'fail_twice' | 'lose_reply' | null
  >;
  transfer_failures: ColumnType<number, number | undefined, number>;
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

/** The built-in checkout server's connected accounts (migration 0031). */
export interface StripeStandinAccountsTable {
  id: string;
  email: string | null;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  business_name: string | null;
  details_submitted: ColumnType<boolean, boolean | undefined, boolean>;
  transfers_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface StripeStandinAccountLinksTable {
  id: string;
  account: string;
  refresh_url: string;
  return_url: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StripeStandinTransfersTable {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string;
  transfer_group: string | null;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  amount_reversed: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface StripeStandinTransferReversalsTable {
  id: string;
  transfer: string;
  amount: number;
  currency: string;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Timestamp;
}
