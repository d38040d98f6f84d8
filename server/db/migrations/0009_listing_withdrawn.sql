-- A seller who withdraws a listing keeps its row (and its history) with status 'withdrawn'; like 'sold' and
-- 'expired' it no longer blocks a new listing of the same reservation.
ALTER TABLE listings DROP CONSTRAINT listings_status_check;
ALTER TABLE listings ADD CONSTRAINT listings_status_check
  CHECK (status IN ('active', 'reserved', 'sold', 'inactive', 'expired', 'withdrawn'));
