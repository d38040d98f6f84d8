-- Listing writes no longer funnel through one row (ADR 0077, replacing ADR 0062). Migration 0140 made every
-- transaction that touched what a search reads upsert `search_generation` at its commit, so all of them took
-- that row's lock one after another: with 64 concurrent writers it kept under a fifth of the listings table's
-- write throughput. Searches are no longer cached at all: each one reads the database, on every instance, so a
-- write is in the very next search without anything a write has to do for it.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['listings', 'hotels', 'hotel_policy_versions', 'hotel_resale_pauses', 'exchange_rates',
                                 'search_places', 'profiles', 'reservations'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', watched || '_search_generation', watched);
    EXECUTE format('DROP TRIGGER %I ON %I', watched || '_truncated_search_generation', watched);
  END LOOP;
END;
$$;
DROP FUNCTION search_generation_bump();
DROP TABLE search_generation;
