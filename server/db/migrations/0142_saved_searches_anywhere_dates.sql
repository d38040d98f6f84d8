-- A new stay is checked against every saved search with neither a place nor a map area, narrowed by dates. The
-- index on start_date alone could not narrow "no start date, or one on or before the stay's": the matching read
-- every such search (14,000 of 100,000 in bench:alerts) to keep a hundred. Keyed by both dates, with a missing one
-- read as unbounded, one range scan finds the searches whose dates hold the stay before any row is read.
DROP INDEX saved_searches_anywhere;
CREATE INDEX saved_searches_anywhere ON saved_searches
  ((coalesce(end_date, 'infinity'::date)), (coalesce(start_date, '-infinity'::date)))
  WHERE NOT has_text AND cells IS NULL AND NOT paused;
