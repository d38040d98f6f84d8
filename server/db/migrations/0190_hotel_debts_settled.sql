-- A hotel's debt (the name-change fee of a refunded stay the provider refused to take back from the hotel's
-- account, ADR 0090) ends as a seller's does (migration 0120): an operator records it collected from the hotel or
-- written off. The fee payout stays `reversal_failed` (the transfer is still with the hotel at the provider); the
-- outcome and its time are kept on it. The ledger posts it under the seller's kinds (debt_collected,
-- debt_written_off), from the hotel's payable, so no kind or account is added.
ALTER TABLE hotel_payouts ADD COLUMN debt_settled text CHECK (debt_settled IN ('collected', 'written_off'));
ALTER TABLE hotel_payouts ADD COLUMN debt_settled_at timestamptz;
ALTER TABLE hotel_payouts ADD CONSTRAINT hotel_payouts_debt_settled_whole
  CHECK ((debt_settled IS NULL) = (debt_settled_at IS NULL));
ALTER TABLE hotel_payouts ADD CONSTRAINT hotel_payouts_debt_settled_of_a_debt
  CHECK (debt_settled IS NULL OR state = 'reversal_failed');
