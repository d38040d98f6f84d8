-- A refund after the handover returns the stay (ADR 0075): the reservation goes back to the seller at the hotel
-- (`returned_to_seller`, the sale undone), or, when the hotel will not or cannot before check-in, the buyer keeps
-- it (`kept_by_buyer`) and the refund is the platform's loss. The order keeps the reverse handover's state and
-- when it last changed; its `order_events` rows say why.
ALTER TABLE orders ADD COLUMN reverse_handover text
  CHECK (reverse_handover IN ('pending', 'returned_to_seller', 'kept_by_buyer'));
ALTER TABLE orders ADD COLUMN reverse_handover_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_reverse_handover_whole
  CHECK ((reverse_handover IS NULL) = (reverse_handover_at IS NULL));

-- Whom the reservation named before the sale (the seller as its guest), kept when the transfer renames it, so
-- that a reverse handover can name them again. The import keeps the guest's names with the email it already had.
ALTER TABLE orders ADD COLUMN seller_guest_first_name text;
ALTER TABLE orders ADD COLUMN seller_guest_last_name text;
ALTER TABLE orders ADD COLUMN seller_guest_email text;
ALTER TABLE reservations ADD COLUMN guest_first_name text;
ALTER TABLE reservations ADD COLUMN guest_last_name text;

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN (
    'provider_balance', 'buyer_funds', 'platform_fees', 'seller_payable', 'provider_fees', 'exchange',
    'collected_debts', 'written_off_debts', 'platform_losses'
  )
);
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (
  kind IN (
    'payment', 'refund', 'settlement', 'unsettlement', 'payout', 'reversal', 'conversion', 'provider_fee',
    'seller_debt', 'debt_collected', 'debt_written_off', 'share_refunded', 'platform_loss'
  )
);
