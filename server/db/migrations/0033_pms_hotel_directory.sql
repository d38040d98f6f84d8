-- Which connected hotel holds each reservation the API has found, by its PMS id and by its confirmation
-- number, so that re-reading it (before payment, at the handover, after a hotel's webhook) asks that hotel
-- directly instead of every hotel in turn, also after a restart. The hotel is named by a hash of its access
-- token, never the token itself.
CREATE TABLE pms_hotel_directory (
  reference text PRIMARY KEY,
  hotel_key text NOT NULL,
  updated_at timestamptz NOT NULL
);
