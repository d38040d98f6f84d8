-- Recording a popular stay's notices inserts a row per person told (a thousand or more). The reference to the
-- stay was checked once per row, each check a lookup and a lock of the same listing row: at 1,100 people about
-- half of the insert's time. The stay is read and checked `active` by the job that records them, and listings
-- are deleted only by the demo reset, which deletes their notices first, so the reference goes.
ALTER TABLE alert_notices DROP CONSTRAINT alert_notices_listing_id_fkey;

-- The instant-alert email job reads one change's unsent notices by stay; without this it read the whole table.
CREATE INDEX alert_notices_instant_pending ON alert_notices (listing_id, reason)
  WHERE channel = 'instant' AND sent_at IS NULL;
