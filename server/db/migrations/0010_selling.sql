-- Selling: proving that a reservation is yours with an emailed code, and the photos a listing may use.

-- One row per code sent. The code itself is never stored, only an HMAC of it under a random per-row salt, so
-- nothing that reads this table (logs, backups, support queries) shows a code. What protects a code is that
-- it lives 10 minutes (expires_at), is used at most once (verified_at), is replaced by a newer request
-- (replaced_at) and locks after the allowed number of wrong tries (attempts).
CREATE TABLE reservation_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The signed-in user who asked; no foreign key: a user may ask before their profile row exists.
  user_id uuid NOT NULL,
  reservation_id uuid NOT NULL REFERENCES reservations (id),
  -- The address the code went to, trimmed and lower-cased (step 2 names it again).
  email text NOT NULL,
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  replaced_at timestamptz,
  CHECK (expires_at > created_at)
);
-- Step 2 reads the newest code of a user for an address; listing reads a user's verified reservations.
CREATE INDEX reservation_verifications_user_email ON reservation_verifications (user_id, email, created_at DESC);
CREATE INDEX reservation_verifications_user_verified ON reservation_verifications (user_id, reservation_id)
  WHERE verified_at IS NOT NULL;

-- The room's photos as the hotel's system gives them (a JSON array of URLs; empty when it gives none).
ALTER TABLE reservations ADD COLUMN room_image_urls jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The expiry sweep finds live listings whose check-in has passed.
CREATE INDEX listings_live_start ON listings (start_utc) WHERE status IN ('active', 'inactive');
