-- A seller's connected account at the payment provider, where their payouts are sent: created once per
-- seller, and ready when the provider says its transfers capability is active (learnt from signed
-- `account.updated` events, and re-read when the seller comes back from the provider's onboarding).
CREATE TABLE payout_accounts (
  seller_id uuid PRIMARY KEY REFERENCES profiles (id),
  provider_account_id text NOT NULL UNIQUE,
  transfers_active boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
