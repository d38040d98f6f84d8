-- The demo PMS: hotels ("enterprises", one access token each) and their reservations, served over the Mews
-- Connector wire subset at /demo-mews so the real Mews adapter runs against it in development, tests and
-- demos. Ids are UUIDs as in Mews. Money is integer cents (hundredths of the currency's major unit).

CREATE TABLE demo_pms_enterprises (
  id uuid PRIMARY KEY,
  access_token text NOT NULL UNIQUE,
  -- The bookable accommodation service that the enterprise's reservations and room categories belong to.
  service_id uuid NOT NULL UNIQUE,
  name text NOT NULL,
  address_line1 text NOT NULL,
  postal_code text,
  city text NOT NULL,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  time_zone text NOT NULL,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$')
);

CREATE TABLE demo_pms_customers (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  first_name text,
  last_name text NOT NULL,
  email text,
  -- The email is a temporary relay address from an online travel agency, not the guest's own.
  has_ota_email boolean NOT NULL DEFAULT false
);

CREATE TABLE demo_pms_resource_categories (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  name text NOT NULL,
  short_name text NOT NULL,
  type text NOT NULL,
  capacity integer NOT NULL CHECK (capacity > 0)
);

CREATE TABLE demo_pms_resources (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES demo_pms_resource_categories (id) ON DELETE CASCADE,
  name text NOT NULL,
  floor_number text NOT NULL
);

CREATE TABLE demo_pms_reservations (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  state text NOT NULL
    CHECK (state IN ('Inquired', 'Confirmed', 'Started', 'Processed', 'Canceled', 'Optional', 'Requested')),
  origin text NOT NULL,
  channel_number text,
  customer_id uuid NOT NULL REFERENCES demo_pms_customers (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES demo_pms_resource_categories (id) ON DELETE CASCADE,
  -- No room is assigned yet for many future stays.
  resource_id uuid REFERENCES demo_pms_resources (id) ON DELETE CASCADE,
  adult_count integer NOT NULL CHECK (adult_count > 0),
  scheduled_start_utc timestamptz NOT NULL,
  scheduled_end_utc timestamptz NOT NULL,
  created_utc timestamptz NOT NULL,
  cancelled_utc timestamptz,
  CHECK (scheduled_end_utc > scheduled_start_utc)
);
CREATE INDEX demo_pms_reservations_enterprise ON demo_pms_reservations (enterprise_id, id);

CREATE TABLE demo_pms_order_items (
  id uuid PRIMARY KEY,
  reservation_id uuid NOT NULL REFERENCES demo_pms_reservations (id) ON DELETE CASCADE,
  type text NOT NULL,
  accounting_state text NOT NULL CHECK (accounting_state IN ('Open', 'Closed', 'Inactive', 'Canceled')),
  unit_count integer NOT NULL CHECK (unit_count > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  gross_cents integer NOT NULL,
  net_cents integer NOT NULL,
  tax_code text,
  consumed_utc timestamptz NOT NULL
);
CREATE INDEX demo_pms_order_items_reservation ON demo_pms_order_items (reservation_id, id);
