-- A seller's debt (a payout of a refunded stay the provider refused to reverse) is kept in the ledger in the
-- currency the transfer sent (the settlement currency), and an operator records how it ended: collected from the
-- seller, or written off (ADR 0046). The payout stays `reversal_failed` (the transfer is still with the seller at
-- the provider); the outcome and its time are kept on it.
ALTER TABLE payouts ADD COLUMN debt_settled text CHECK (debt_settled IN ('collected', 'written_off'));
ALTER TABLE payouts ADD COLUMN debt_settled_at timestamptz;
ALTER TABLE payouts ADD CONSTRAINT payouts_debt_settled_whole CHECK ((debt_settled IS NULL) = (debt_settled_at IS NULL));
ALTER TABLE payouts ADD CONSTRAINT payouts_debt_settled_of_a_debt CHECK (debt_settled IS NULL OR state = 'reversal_failed');

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN (
    'provider_balance', 'buyer_funds', 'platform_fees', 'seller_payable', 'provider_fees', 'exchange',
    'collected_debts', 'written_off_debts'
  )
);
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (
  kind IN (
    'payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal', 'conversion', 'provider_fee',
    'seller_debt', 'debt_collected', 'debt_written_off'
  )
);

-- Debts recorded before now were left in the sale's currency: each moves to the transfer's currency, as the
-- payouts now post it when the provider refuses a reversal (kind seller_debt, through `exchange`).
WITH debts AS (
  SELECT order_id, seller_id, transfer_id, upper(currency) AS sale_currency, sale_cents - fee_cents AS share,
    upper(payout_currency) AS currency, payout_cents AS amount
  FROM payouts
  WHERE state = 'reversal_failed' AND payout_cents > 0
    AND (upper(payout_currency) <> upper(currency) OR payout_cents <> sale_cents - fee_cents)
), posted AS (
  INSERT INTO ledger_transactions (kind, reference, order_id, currency, created_at)
  SELECT 'seller_debt', transfer_id, order_id, sale_currency, now() FROM debts
  ON CONFLICT (kind, reference) DO NOTHING
  RETURNING id, order_id
)
INSERT INTO ledger_entries (transaction_id, line, account, seller_id, currency, amount_cents)
SELECT posted.id, entry.line, entry.account,
  CASE WHEN entry.account = 'seller_payable' THEN debts.seller_id END, entry.currency, entry.amount
FROM posted
JOIN debts USING (order_id)
CROSS JOIN LATERAL (VALUES
  (0, 'seller_payable', debts.sale_currency, -debts.share),
  (1, 'exchange', debts.sale_currency, debts.share),
  (2, 'seller_payable', debts.currency, debts.amount),
  (3, 'exchange', debts.currency, -debts.amount)
) AS entry (line, account, currency, amount);
