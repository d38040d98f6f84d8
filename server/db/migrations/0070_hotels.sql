-- Hotels join by themselves (the Mews Marketplace's integration webhook) and have people of their own.
--
-- A hotel is one Mews enterprise. `status`: 'pending' from the moment the hotel connected our integration until
-- its first admin claims it; 'connected' after; 'suspended' while the integration is disabled, canceled or
-- deleted. The access token is stored only encrypted (AES-256-GCM under HOTEL_TOKEN_KEY); `token_key` is a hash
-- of it that names the hotel in the PMS adapter's directory without revealing it. `integration_id` is Mews'
-- integration id: every integration event but the first names only it. `imported_token_key` is the hash of the
-- MEWS_ACCESS_TOKENS entry that imported the hotel at start-up, so a rotated token does not bring the old one back.
CREATE TABLE hotels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enterprise_id text NOT NULL UNIQUE,
  integration_id text UNIQUE,
  chain_id text,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('pending', 'connected', 'suspended')),
  access_token_ciphertext text NOT NULL,
  token_key text NOT NULL UNIQUE,
  imported_token_key text UNIQUE,
  requestor_name text,
  requestor_email text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX hotels_chain ON hotels (chain_id) WHERE chain_id IS NOT NULL;

-- Who works for a hotel. One person may belong to several hotels; a hotel has at least one admin once claimed.
CREATE TABLE hotel_members (
  hotel_id uuid NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'staff')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (hotel_id, user_id)
);
CREATE INDEX hotel_members_user ON hotel_members (user_id);

-- Single-use links: the first admin's (sent to the requestor Mews named) and each staff invitation. Only a
-- hash of the link's token is kept. A first-admin link opened by someone whose email is not the requestor's
-- waits for an admin of another hotel of the same chain (`pending_user_id`), who approves it (`approved_by`).
CREATE TABLE hotel_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hotel_id uuid NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('first_admin', 'member')),
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'staff')),
  invited_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  pending_user_id uuid REFERENCES profiles (id) ON DELETE SET NULL,
  pending_since timestamptz,
  approved_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX hotel_invites_hotel ON hotel_invites (hotel_id, created_at);

-- Every integration event Mews delivered, as received minus its secrets (the token it carries is kept
-- encrypted), worked through by the `hotels.integration_event` job. `digest` (a hash of the body) is set for
-- events that carry a value of their own (a creation, a new key, a deletion): a redelivery of one is recorded
-- once. An enable or disable carries only the integration's id; applying it twice changes nothing.
CREATE TABLE hotel_integration_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action text NOT NULL,
  integration_id text,
  enterprise_id text,
  digest text UNIQUE,
  data jsonb NOT NULL,
  token_ciphertext text,
  received_at timestamptz NOT NULL,
  processed_at timestamptz,
  outcome text
);
CREATE INDEX hotel_integration_events_integration ON hotel_integration_events (integration_id, received_at);

-- The demo PMS's enterprises may belong to a chain and know the integration our app has with them.
ALTER TABLE demo_pms_enterprises ADD COLUMN chain_id text;
ALTER TABLE demo_pms_enterprises ADD COLUMN integration_id text;
