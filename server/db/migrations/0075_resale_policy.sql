-- A hotel's resale policy, versioned: each publish adds a row; the newest version is the live one, the one every
-- check reads. A hotel without a row allows no resale (resale starts off). `policy` is the contract's
-- ResalePolicy as JSON; `published_by` is the admin who published it.
CREATE TABLE hotel_policy_versions (
  hotel_id uuid NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  policy jsonb NOT NULL,
  published_by uuid NOT NULL REFERENCES profiles (id),
  published_at timestamptz NOT NULL,
  PRIMARY KEY (hotel_id, version)
);

-- "Pause all resale": a row while it is on. Kept apart from the policy so that turning it off brings back the
-- very policy that was live, and so that no version is published in a hurry.
CREATE TABLE hotel_resale_pauses (
  hotel_id uuid PRIMARY KEY REFERENCES hotels (id) ON DELETE CASCADE,
  paused_by uuid NOT NULL REFERENCES profiles (id),
  paused_at timestamptz NOT NULL
);

-- What a policy reads of a reservation, as the hotel's system gave it at the last read: which hotel (its
-- enterprise id), the rate, the room type and the channels the booking came through (a JSON array).
ALTER TABLE reservations ADD COLUMN enterprise_id text;
ALTER TABLE reservations ADD COLUMN rate_id text;
ALTER TABLE reservations ADD COLUMN room_type_id text;
ALTER TABLE reservations ADD COLUMN channels jsonb NOT NULL DEFAULT '["direct"]'::jsonb;
-- A policy change re-reads the listings of one hotel.
CREATE INDEX reservations_enterprise ON reservations (enterprise_id) WHERE enterprise_id IS NOT NULL;

-- Why the hotel paused this (inactive) listing: shown to its seller; the listing resumes by itself once the hotel
-- allows it again. Null for a listing its seller paused, which only the seller resumes.
ALTER TABLE listings ADD COLUMN hotel_pause_reason text;
ALTER TABLE listings ADD CONSTRAINT listings_hotel_pause_inactive CHECK (hotel_pause_reason IS NULL OR status = 'inactive');

-- The demo PMS's reservations say how they were booked, and its hotels have rates in rate groups, as in Mews.
CREATE TABLE demo_pms_rate_groups (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  name text NOT NULL,
  ordering integer NOT NULL DEFAULT 0
);
CREATE TABLE demo_pms_rates (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES demo_pms_rate_groups (id) ON DELETE CASCADE,
  name text NOT NULL,
  short_name text NOT NULL,
  is_public boolean NOT NULL DEFAULT true
);
CREATE INDEX demo_pms_rates_enterprise ON demo_pms_rates (enterprise_id);
CREATE INDEX demo_pms_rate_groups_enterprise ON demo_pms_rate_groups (enterprise_id);
ALTER TABLE demo_pms_reservations ADD COLUMN rate_id uuid;
-- The seeded demo hotels are connected with a published policy; a demo hotel connected later starts with resale
-- off like any hotel. Every demo enterprise so far was seeded.
ALTER TABLE demo_pms_enterprises ADD COLUMN seeded boolean NOT NULL DEFAULT false;
UPDATE demo_pms_enterprises SET seeded = true;
ALTER TABLE demo_pms_reservations ADD COLUMN travel_agency_id text;
ALTER TABLE demo_pms_reservations ADD COLUMN partner_company_id text;
ALTER TABLE demo_pms_reservations ADD COLUMN availability_block_id text;
ALTER TABLE demo_pms_reservations ADD COLUMN voucher_id text;
