-- A new stay tells up to a few thousand people at once, in one insert into alert_notices. Checking each row's
-- person and search against their tables cost more than the insert itself (each check is a lookup and a row
-- lock), so those two references go:
-- - person: every notice comes from a saved search, whose person is checked when it is saved, and people are
--   never deleted one by one (the demo reset empties listings first, which still takes their notices along);
-- - search: a deleted search leaves its id behind, which reads exactly as the former NULL did (the left join
--   finds nothing, the notice is dropped unsent) and deleting a search no longer scans every notice.
-- The stay's reference stays: it is one row, locked once per insert.
ALTER TABLE alert_notices DROP CONSTRAINT alert_notices_user_id_fkey;
ALTER TABLE alert_notices DROP CONSTRAINT alert_notices_saved_search_id_fkey;
