-- Saved searches and alerts (issue #20, ADR 0019). A saved search is the marketplace's own query, kept as the
-- URL's text; the columns after `query` are derived from it when it is saved, only to find the saved searches
-- a new or cheaper listing could match without reading all of them. Whether one really matches is decided
-- by the marketplace's search filter itself (server/alerts/match-listing.ts).

-- One row per person who saved a search: when their daily digest goes out (an `alerts.send_digest` job is due
-- then; a job finding another time here was replaced by a change of hour and does nothing).
CREATE TABLE alert_settings (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23),
  time_zone text NOT NULL DEFAULT 'UTC',
  next_digest_at timestamptz NOT NULL
);

CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  query jsonb NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('instant', 'daily')),
  paused boolean NOT NULL DEFAULT false,
  -- Text searches: the places their text matched, complete up to place id `places_upto` (places only grow).
  has_text boolean NOT NULL,
  place_ids integer[],
  places_upto integer,
  -- Map-area searches without text: the cells of the box; NULL for a box too wide to list (then, like a search
  -- with neither text nor area, it is a candidate everywhere).
  cells integer[],
  start_date date,
  end_date date,
  min_price_cents integer,
  max_price_cents integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at);
-- The three ways in for a listing: its place, its map cell, or "anywhere".
CREATE INDEX saved_searches_places ON saved_searches USING gin (place_ids) WHERE has_text AND NOT paused;
CREATE INDEX saved_searches_cells ON saved_searches USING gin (cells) WHERE NOT has_text AND NOT paused;
CREATE INDEX saved_searches_anywhere ON saved_searches (start_date) WHERE NOT has_text AND cells IS NULL AND NOT paused;
-- Text searches whose places are older than a newly added place: refreshed before matching.
CREATE INDEX saved_searches_places_upto ON saved_searches (places_upto) WHERE has_text;

-- What each person has been told: one row per person, stay and reason, whatever the number of their searches
-- that matched, so nobody hears of the same stay twice for the same reason. `channel` says how they hear:
-- 'instant' rows are emailed by an `alerts.send_instant` job, 'digest' rows wait for the person's daily digest.
CREATE TABLE alert_notices (
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('new', 'price_drop')),
  -- The search that found it (its name and unsubscribe link go in the email). Deleting the search keeps what
  -- the person was told, so a search saved again later does not tell them twice; its unsent notices are dropped.
  saved_search_id uuid REFERENCES saved_searches (id) ON DELETE SET NULL,
  channel text NOT NULL CHECK (channel IN ('instant', 'digest')),
  price_cents integer NOT NULL,
  previous_price_cents integer,
  created_at timestamptz NOT NULL,
  -- Set when the email went out, or when the digest left the stay out (sold, held or expired by then).
  sent_at timestamptz,
  PRIMARY KEY (user_id, listing_id, reason)
);
CREATE INDEX alert_notices_digest_pending ON alert_notices (user_id) WHERE channel = 'digest' AND sent_at IS NULL;
CREATE INDEX alert_notices_user_instant ON alert_notices (user_id, created_at) WHERE channel = 'instant';

-- Alert emails carry List-Unsubscribe headers; the dev mailbox keeps them so they can be checked.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
