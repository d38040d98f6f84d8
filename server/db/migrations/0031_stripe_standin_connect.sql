-- The built-in checkout server's Connect subset (never in production): the sellers' connected accounts, the
-- single-use links to its local onboarding page, and the transfers and reversals paid from its charges.
-- Amounts in minor units, as Stripe sends them.

CREATE TABLE stripe_standin_accounts (
  id text PRIMARY KEY,
  email text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Set by the onboarding page: the name the seller gave and the test bank account they confirmed.
  business_name text,
  details_submitted boolean NOT NULL DEFAULT false,
  transfers_active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);

CREATE TABLE stripe_standin_account_links (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES stripe_standin_accounts (id),
  refresh_url text NOT NULL,
  return_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE stripe_standin_transfers (
  id text PRIMARY KEY,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  destination text NOT NULL REFERENCES stripe_standin_accounts (id),
  -- The charge the money comes from (`ch_…` of a paid session's payment intent).
  source_transaction text NOT NULL,
  transfer_group text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  amount_reversed integer NOT NULL DEFAULT 0 CHECK (amount_reversed BETWEEN 0 AND amount),
  created_at timestamptz NOT NULL
);
CREATE INDEX stripe_standin_transfers_group ON stripe_standin_transfers (transfer_group);
CREATE INDEX stripe_standin_transfers_source ON stripe_standin_transfers (source_transaction);

CREATE TABLE stripe_standin_transfer_reversals (
  id text PRIMARY KEY,
  transfer text NOT NULL REFERENCES stripe_standin_transfers (id),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
