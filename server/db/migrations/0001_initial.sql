-- Profiles, imported reservations and listings. Money is integer cents; times are UTC.

CREATE TABLE profiles (
  id uuid PRIMARY KEY,
  email text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  display_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz
);

CREATE TABLE reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL CHECK (provider IN ('mews', 'demo')),
  external_id text NOT NULL,
  confirmation_number text NOT NULL,
  start_utc timestamptz NOT NULL,
  end_utc timestamptz NOT NULL,
  resource_name text,
  hotel_name text NOT NULL,
  address text,
  city text,
  country_code text,
  latitude double precision,
  longitude double precision,
  currency text NOT NULL DEFAULT 'USD',
  amount_paid_cents integer CHECK (amount_paid_cents >= 0),
  guest_email text,
  state text NOT NULL,
  owner_id uuid REFERENCES profiles (id),
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, external_id),
  CHECK (end_utc > start_utc)
);

CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seller_id uuid NOT NULL REFERENCES profiles (id),
  reservation_id uuid NOT NULL REFERENCES reservations (id),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency text NOT NULL DEFAULT 'USD',
  status text NOT NULL DEFAULT 'active'
    CHECK (status IN ('active', 'reserved', 'sold', 'inactive', 'expired')),
  hotel_name text,
  city text NOT NULL,
  country text NOT NULL,
  location text,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  image_url text,
  -- Copied from the reservation when the listing is created: stay dates never change, and search filters on
  -- them together with status and price, which an index can only serve from one table.
  start_utc timestamptz NOT NULL,
  end_utc timestamptz NOT NULL,
  buyer_id uuid REFERENCES profiles (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_utc > start_utc),
  CHECK ((status = 'sold') = (buyer_id IS NOT NULL))
);

-- One live listing per reservation; a sold or expired one does not block relisting.
CREATE UNIQUE INDEX listings_one_live_per_reservation
  ON listings (reservation_id) WHERE status IN ('active', 'reserved', 'inactive');
CREATE INDEX listings_status_start ON listings (status, start_utc);
CREATE INDEX listings_status_created ON listings (status, created_at DESC);
CREATE INDEX listings_seller ON listings (seller_id, created_at DESC);
CREATE INDEX listings_buyer ON listings (buyer_id) WHERE buyer_id IS NOT NULL;
