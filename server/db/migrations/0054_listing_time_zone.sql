-- The hotel's time zone beside each listing's stay instants, copied from its reservation as the hotel name and
-- city are, so every page shows the stay's dates as the hotel counts them (a Kyoto check-in at 15:00 is that
-- day in Kyoto, whatever day it is in UTC) without joining reservations into search.
ALTER TABLE listings ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
UPDATE listings SET time_zone = reservations.time_zone
  FROM reservations WHERE reservations.id = listings.reservation_id;
