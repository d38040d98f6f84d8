-- A partial refund of a sale (made by hand in the provider's dashboard) holds its payout for an operator
-- (`held`), who releases it: the seller is paid their share less what was refunded (`refunded_cents`, in the
-- sale's currency), which the ledger moves from the seller's payable back to the buyer's funds
-- (`share_refunded`), or the buyer is refunded the rest and the payout cancelled (ADR 0073).
ALTER TABLE payouts DROP CONSTRAINT payouts_state_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_state_check
  CHECK (state IN ('scheduled', 'waiting_account', 'held', 'paid', 'cancelled', 'reversed', 'reversal_failed'));
ALTER TABLE payouts ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (
  kind IN (
    'payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal', 'conversion', 'provider_fee',
    'seller_debt', 'debt_collected', 'debt_written_off', 'share_refunded'
  )
);
