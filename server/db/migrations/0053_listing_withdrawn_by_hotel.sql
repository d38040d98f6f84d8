-- Why the hotel's own change withdrew a listing, so My Listings can tell its seller (who is also emailed);
-- null for every other withdrawal (the seller's own, or a refunded sale, whose order says why).
ALTER TABLE listings ADD COLUMN withdrawn_by_hotel text
  CHECK (withdrawn_by_hotel IN ('cancelled', 'not_confirmed', 'dates_changed', 'guest_changed'));
