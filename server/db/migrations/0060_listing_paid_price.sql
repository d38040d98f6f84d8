-- What the seller paid at the hotel, from the hotel's system, kept with the listing: buyers see it struck through
-- beside the asking price ("Paid at the hotel"), in place of an invented former price (ADR 0037). Null when the
-- hotel's system did not say. Copied from the imported reservation, in the listing's currency only.
ALTER TABLE listings ADD COLUMN paid_cents integer CHECK (paid_cents > 0);
UPDATE listings SET paid_cents = reservations.amount_paid_cents
FROM reservations
WHERE reservations.id = listings.reservation_id
  AND reservations.currency = listings.currency
  AND reservations.amount_paid_cents > 0;
