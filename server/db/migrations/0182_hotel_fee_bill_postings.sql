-- Each transferred order's name-change fee is posted to the reservation's bill at the hotel (ADR 0091): an order
-- item (Mews orders/add) and the money Restay collected (payments/addExternal). What each step left behind is kept,
-- so a retry never posts a step twice. `not_granted`: the hotel has not granted these calls (401/403).
CREATE TABLE hotel_fee_postings (
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  hotel_id uuid NOT NULL REFERENCES hotels (id),
  state text NOT NULL CHECK (state IN ('pending', 'posted', 'not_granted', 'failed')),
  pms_order_id text,
  pms_payment_id text,
  problem text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX hotel_fee_postings_hotel ON hotel_fee_postings (hotel_id, updated_at);

-- The demo PMS keeps what orders/add and payments/addExternal wrote, as Mews would, to show on /dev/pms; a demo
-- hotel can be one that has not granted them.
CREATE TABLE demo_pms_orders (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL,
  service_id uuid NOT NULL,
  account_id uuid NOT NULL,
  linked_reservation_id uuid,
  item_name text NOT NULL,
  unit_count integer NOT NULL,
  currency text NOT NULL,
  gross_value numeric NOT NULL,
  external_identifier text,
  notes text,
  created_utc timestamptz NOT NULL
);
CREATE INDEX demo_pms_orders_reservation ON demo_pms_orders (linked_reservation_id);
CREATE TABLE demo_pms_external_payments (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL,
  account_id uuid NOT NULL,
  reservation_id uuid,
  currency text NOT NULL,
  gross_value numeric NOT NULL,
  type text,
  external_identifier text,
  notes text,
  created_utc timestamptz NOT NULL
);
CREATE INDEX demo_pms_external_payments_reservation ON demo_pms_external_payments (reservation_id);
ALTER TABLE demo_pms_enterprises ADD COLUMN orders_granted boolean NOT NULL DEFAULT true;
