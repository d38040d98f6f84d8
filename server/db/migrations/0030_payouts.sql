-- One payout per transferred order: what the seller receives for the sale (the price minus the platform's fee),
-- when it is released, and the provider's transfer once made. The state machine is contract/payouts.ts; every
-- change is a guarded UPDATE in the transaction that posts its ledger entries.
CREATE TABLE payouts (
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  seller_id uuid NOT NULL REFERENCES profiles (id),
  currency text NOT NULL,
  sale_cents integer NOT NULL CHECK (sale_cents > 0),
  fee_cents integer NOT NULL CHECK (fee_cents >= 0 AND fee_cents <= sale_cents),
  state text NOT NULL
    CHECK (state IN ('scheduled', 'waiting_account', 'paid', 'cancelled', 'reversed', 'reversal_failed')),
  release_at timestamptz NOT NULL,
  transfer_id text UNIQUE,
  reversal_id text UNIQUE,
  paid_at timestamptz,
  reversed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((state IN ('paid', 'reversed', 'reversal_failed')) = (transfer_id IS NOT NULL))
);
CREATE INDEX payouts_seller ON payouts (seller_id, created_at);
-- The payouts to send as soon as a seller's account becomes ready.
CREATE INDEX payouts_waiting ON payouts (seller_id) WHERE state = 'waiting_account';
