-- listings_status_start (status, start_utc) served the first search design; since 0005 no query reads it (every
-- read of active listings by check-in uses listings_search_start, which a future job expiring listings whose
-- check-in has passed can use too). Each index costs every listing write, and every search plan weighs it.
DROP INDEX IF EXISTS listings_status_start;
