-- The money ledger: double entry in integer hundredths of each currency's major unit (as Restay stores
-- money). Every money event (a payment, a refund, a sale settled to the seller and the platform, a payout, a
-- reversal) is one transaction whose entries sum to zero, written in the same database transaction as the
-- state change that caused it. (kind, reference) makes each event post once however often it is replayed.
CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL
    CHECK (kind IN ('payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal')),
  reference text NOT NULL,
  order_id uuid NOT NULL REFERENCES orders (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz NOT NULL,
  UNIQUE (kind, reference)
);
CREATE INDEX ledger_transactions_order ON ledger_transactions (order_id);

CREATE TABLE ledger_entries (
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  line smallint NOT NULL,
  account text NOT NULL CHECK (account IN ('provider_balance', 'buyer_funds', 'platform_fees', 'seller_payable')),
  seller_id uuid REFERENCES profiles (id),
  amount_cents integer NOT NULL CHECK (amount_cents <> 0),
  PRIMARY KEY (transaction_id, line),
  -- What a seller is owed is kept per seller; the other accounts belong to the platform.
  CHECK ((account = 'seller_payable') = (seller_id IS NOT NULL))
);
CREATE INDEX ledger_entries_seller ON ledger_entries (seller_id) WHERE seller_id IS NOT NULL;

-- The database itself refuses an unbalanced transaction, checked at commit so its entries can be inserted one
-- by one, and any change to what was posted: a mistake is corrected by a new transaction, never by an edit.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.transaction_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only';
END;
$$;
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
