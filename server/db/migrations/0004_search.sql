-- Marketplace search (issue #4). Text filters are case- and accent-insensitive substring matches, so they are
-- served by trigram GIN indexes over unaccented lower-case text; the other filters by B-trees.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (it reads a dictionary found through search_path), so it cannot appear in an index
-- expression. Naming the dictionary explicitly makes the result fixed, which is what IMMUTABLE promises.
CREATE OR REPLACE FUNCTION public.restay_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- One folded text per listing for the "location" filter (city, country, location, hotel name); a separator
-- keeps a match from spanning two fields. Names are schema-qualified: index builds run with an empty search_path.
CREATE OR REPLACE FUNCTION public.restay_listing_search_text(city text, country text, location text, hotel_name text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.restay_fold(coalesce(city, '') || ' | ' || coalesce(country, '') || ' | ' || coalesce(location, '')
                           || ' | ' || coalesce(hotel_name, '')) $$;

-- Stored, so checking an index hit re-reads short folded text instead of running unaccent() on every candidate
-- row again (a common city matches tens of thousands of rows at a million listings).
ALTER TABLE listings
  ADD COLUMN search_text text GENERATED ALWAYS AS
    (public.restay_listing_search_text(city, country, location, hotel_name)) STORED,
  ADD COLUMN hotel_search_text text GENERATED ALWAYS AS (public.restay_fold(hotel_name)) STORED;

CREATE INDEX listings_search_text_trgm ON listings USING gin (search_text gin_trgm_ops);
CREATE INDEX listings_hotel_search_text_trgm ON listings USING gin (hotel_search_text gin_trgm_ops);

-- Every search is limited to active listings: partial B-trees for the price filter, the sort orders and the map
-- box. The INCLUDE columns let counting a box or a date range be an index-only scan instead of visiting every
-- matching row of the (wide) table.
CREATE INDEX listings_active_price ON listings (price_cents) INCLUDE (start_utc, end_utc) WHERE status = 'active';
CREATE INDEX listings_active_created ON listings (created_at DESC, id) WHERE status = 'active';
CREATE INDEX listings_active_start ON listings (start_utc, id) INCLUDE (end_utc, price_cents) WHERE status = 'active';
CREATE INDEX listings_active_position ON listings (latitude, longitude)
  INCLUDE (start_utc, end_utc, price_cents) WHERE status = 'active';
