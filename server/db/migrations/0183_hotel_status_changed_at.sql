-- When the hotel's status last changed (ADR 0093): a payment is judged by the hotel's standing at the moment the
-- buyer paid, so a suspension that came after the payment does not undo the sale and one that came before does.
-- Null: the status has not changed since the hotel joined.
ALTER TABLE hotels ADD COLUMN status_changed_at timestamptz;
