-- The hotel is paid its name-change fee like a seller is paid the sale (ADR 0090): a connected account per hotel,
-- one payout per transferred order that carried a fee, under the same states, release, retries and history.

-- The hotel's connected account at the payment provider, set up by one of its admins from the console.
CREATE TABLE hotel_payout_accounts (
  hotel_id uuid PRIMARY KEY REFERENCES hotels (id) ON DELETE CASCADE,
  provider_account_id text NOT NULL UNIQUE,
  transfers_active boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The fee owed to the hotel for one transferred order, and the provider's transfer once made. The states are the
-- seller payout's (contract/payouts.ts) except `held`: a partial refund holds the seller's share, never the fee.
CREATE TABLE hotel_payouts (
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  hotel_id uuid NOT NULL REFERENCES hotels (id),
  currency text NOT NULL,
  fee_cents integer NOT NULL CHECK (fee_cents > 0),
  state text NOT NULL
    CHECK (state IN ('scheduled', 'waiting_account', 'paid', 'cancelled', 'reversed', 'reversal_failed')),
  release_at timestamptz NOT NULL,
  transfer_id text UNIQUE,
  payout_currency text,
  payout_cents integer,
  reversal_id text UNIQUE,
  paid_at timestamptz,
  reversed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((state IN ('paid', 'reversed', 'reversal_failed')) = (transfer_id IS NOT NULL))
);
CREATE INDEX hotel_payouts_hotel ON hotel_payouts (hotel_id, created_at);
CREATE INDEX hotel_payouts_waiting ON hotel_payouts (hotel_id) WHERE state = 'waiting_account';

-- One history for both payouts of an order: whose payout each row is about.
ALTER TABLE payout_events ADD COLUMN payee text NOT NULL DEFAULT 'seller' CHECK (payee IN ('seller', 'hotel'));
ALTER TABLE payout_events DROP CONSTRAINT payout_events_order_id_fkey;
ALTER TABLE payout_events ADD CONSTRAINT payout_events_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders (id);

-- What the platform owes each hotel, per currency, in the ledger.
ALTER TABLE ledger_entries ADD COLUMN hotel_id uuid REFERENCES hotels (id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_hotel_payable CHECK ((account = 'hotel_payable') = (hotel_id IS NOT NULL));
CREATE INDEX ledger_entries_hotel ON ledger_entries (hotel_id) WHERE hotel_id IS NOT NULL;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN (
    'provider_balance', 'buyer_funds', 'platform_fees', 'seller_payable', 'provider_fees', 'exchange',
    'collected_debts', 'written_off_debts', 'platform_losses', 'hotel_payable'
  )
);
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (
  kind IN (
    'payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal', 'conversion', 'provider_fee',
    'seller_debt', 'debt_collected', 'debt_written_off', 'share_refunded', 'platform_loss',
    'hotel_payout', 'hotel_reversal'
  )
);
