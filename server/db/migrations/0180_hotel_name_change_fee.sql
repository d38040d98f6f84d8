-- The hotel's name-change fee, fixed on the order when the stay is held (from the hotel's live policy then) and
-- charged with the price in the same checkout: what the buyer pays is amount_cents + hotel_fee_cents. Orders from
-- before the fee existed carried none. The hotel is kept on the order too: the fee is owed to the hotel whose
-- policy set it, even if the reservation's hotel later joins under another row.
ALTER TABLE orders ADD COLUMN hotel_fee_cents integer NOT NULL DEFAULT 0 CHECK (hotel_fee_cents >= 0);
ALTER TABLE orders ADD COLUMN fee_hotel_id uuid REFERENCES hotels (id);
