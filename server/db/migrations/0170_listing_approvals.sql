-- A hotel's say on each stay (ADR 0082). Under manual approval a listing waits for the hotel (`awaiting_hotel`)
-- until its staff approve it (`active`) or reject it (`rejected_by_hotel`), or the deadline job decides.
ALTER TABLE listings DROP CONSTRAINT listings_status_check;
ALTER TABLE listings ADD CONSTRAINT listings_status_check
  CHECK (status IN ('active', 'reserved', 'sold', 'inactive', 'expired', 'withdrawn', 'awaiting_hotel', 'rejected_by_hotel'));

-- A listing waiting for its hotel holds its reservation as a live one does: nobody lists it twice meanwhile.
DROP INDEX listings_one_live_per_reservation;
CREATE UNIQUE INDEX listings_one_live_per_reservation ON listings (reservation_id)
  WHERE status IN ('active', 'reserved', 'inactive', 'awaiting_hotel') OR (status = 'sold' AND transferred_at IS NULL);

-- When the hotel must have decided by (set while the listing waits), and the price the hotel last approved: a
-- raise above it asks again, a cut does not. Null approved price: the hotel was never asked (automatic).
ALTER TABLE listings ADD COLUMN approval_deadline timestamptz;
ALTER TABLE listings ADD COLUMN approved_price_cents integer;

-- Every decision on a listing: the hotel's staff (decided_by) or the deadline job (null), when, and for a
-- rejection why. The seller reads the latest; the console shows them all.
CREATE TABLE listing_approval_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  hotel_id uuid NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  reason text CHECK (reason IN ('dates_not_available', 'guest_not_accepted', 'room_type_kept', 'other', 'no_answer')),
  note text,
  price_cents integer NOT NULL,
  decided_by uuid REFERENCES profiles (id),
  decided_at timestamptz NOT NULL,
  CHECK ((decision = 'rejected') = (reason IS NOT NULL))
);
CREATE INDEX listing_approval_decisions_hotel ON listing_approval_decisions (hotel_id, decided_at DESC);
CREATE INDEX listing_approval_decisions_listing ON listing_approval_decisions (listing_id, decided_at DESC);

-- The demo PMS keeps the tasks and notes Restay adds to its reservations (tasks/add, serviceOrderNotes/add), as
-- Mews does, so /dev/pms shows them on the reservation.
CREATE TABLE demo_pms_tasks (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  service_order_id uuid,
  name text NOT NULL,
  description text,
  deadline_utc timestamptz NOT NULL,
  created_utc timestamptz NOT NULL
);
CREATE INDEX demo_pms_tasks_order ON demo_pms_tasks (service_order_id);
CREATE TABLE demo_pms_order_notes (
  id uuid PRIMARY KEY,
  enterprise_id uuid NOT NULL REFERENCES demo_pms_enterprises (id) ON DELETE CASCADE,
  order_id uuid NOT NULL,
  text text NOT NULL,
  created_utc timestamptz NOT NULL
);
CREATE INDEX demo_pms_order_notes_order ON demo_pms_order_notes (order_id);
