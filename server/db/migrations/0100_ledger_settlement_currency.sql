-- Two currencies per sale (ADR 0043): the buyer pays in the listing's currency, the provider settles the charge
-- into the platform's settlement currency at its own rate and takes its fee there, and payouts are sent there.
--
-- Each ledger entry now names its currency; a transaction balances per currency (a conversion is two halves in
-- the `exchange` account, one per currency). `ledger_transactions.currency` stays the sale's currency.
-- The provider's fee per charge is its own account, `provider_fees`, so `provider_balance` is the real balance.
ALTER TABLE ledger_entries ADD COLUMN currency text;
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
UPDATE ledger_entries e SET currency = t.currency FROM ledger_transactions t WHERE t.id = e.transaction_id;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
ALTER TABLE ledger_entries ALTER COLUMN currency SET NOT NULL;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_currency_code CHECK (currency ~ '^[A-Z]{3}$');

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN ('provider_balance', 'buyer_funds', 'platform_fees', 'seller_payable', 'provider_fees', 'exchange')
);
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (
  kind IN ('payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal', 'conversion', 'provider_fee')
);

CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount_cents) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero in each currency', NEW.transaction_id;
  END IF;
  RETURN NULL;
END;
$$;

-- The charge's balance transaction at the provider, read by the record-payment job: what the charge settled to
-- in the platform's currency (hundredths of its major unit), the provider's fee there, and the rate applied.
ALTER TABLE orders ADD COLUMN balance_transaction_id text;
ALTER TABLE orders ADD COLUMN settled_currency text;
ALTER TABLE orders ADD COLUMN settled_cents integer;
ALTER TABLE orders ADD COLUMN provider_fee_cents integer;
ALTER TABLE orders ADD COLUMN exchange_rate double precision;
ALTER TABLE orders ADD CONSTRAINT orders_settled_whole CHECK (
  (balance_transaction_id IS NULL) = (settled_currency IS NULL)
  AND (settled_currency IS NULL) = (settled_cents IS NULL)
  AND (settled_cents IS NULL) = (provider_fee_cents IS NULL)
);

-- What the seller receives, in the currency the transfer is made in (the charge's settlement currency): known
-- once the charge has settled, fixed by the transfer.
ALTER TABLE payouts ADD COLUMN payout_currency text;
ALTER TABLE payouts ADD COLUMN payout_cents integer CHECK (payout_cents >= 0);
ALTER TABLE payouts ADD CONSTRAINT payouts_payout_whole CHECK ((payout_currency IS NULL) = (payout_cents IS NULL));
