-- Search that stays fast at a million listings (issue #4, ADR 0005). Measured with `npm run bench:search`:
-- trigram indexes on every listing made a common city ("zurich", 1 listing in 30) cost tens of milliseconds,
-- because a trigram index scan visits every candidate row and the planner cannot estimate LIKE '%...%'.
--
-- 1. Places. The text filters match city, country, location and hotel name: values shared by every listing
--    of a hotel. Each distinct combination is stored once in search_places, where the trigram indexes live,
--    and a listing points at its place. A search first turns its text into place ids (a small table), then
--    filters listings by `place_id = ANY(ids)`: an equality the planner estimates from real statistics and a
--    B-tree finds exactly.
-- 2. Map cells. A box filter on latitude and longitude is estimated as if they were independent, which makes
--    a city-sized box look 30 times rarer than it is and leads to a sort of every listing in it. Each listing
--    carries its 1-degree cell; a box becomes `geo_cell = ANY(cells)` (well estimated, indexed) plus the exact
--    test, written as a CASE so that the planner does not multiply its guesses again (server/listings/search.ts).
-- 3. Covering indexes. Every search index INCLUDEs all the columns the filters read, so finding the page's
--    ids is an index-only scan in the page's order; only the page's rows are then read from the table.

CREATE TABLE search_places (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  search_text text NOT NULL,
  hotel_search_text text NOT NULL,
  UNIQUE (search_text, hotel_search_text)
);
CREATE INDEX search_places_text_trgm ON search_places USING gin (search_text gin_trgm_ops);
CREATE INDEX search_places_hotel_trgm ON search_places USING gin (hotel_search_text gin_trgm_ops);

-- Cells are numbered row by row from the south-west corner; the poles and the antimeridian fold into the last
-- row and column. server/listings/geo-cells.ts computes the same numbers for a box.
CREATE FUNCTION public.restay_geo_cell(latitude double precision, longitude double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT (least(floor(latitude) + 90, 179) * 360 + least(floor(longitude) + 180, 359))::integer $$;

ALTER TABLE listings
  ADD COLUMN place_id integer REFERENCES search_places (id),
  ADD COLUMN geo_cell integer GENERATED ALWAYS AS (public.restay_geo_cell(latitude, longitude)) STORED;

-- Every writer of listings gets its place from here, so no code path can leave a listing unsearchable.
CREATE FUNCTION public.restay_listing_place() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  place_text text := public.restay_listing_search_text(NEW.city, NEW.country, NEW.location, NEW.hotel_name);
  hotel_text text := coalesce(public.restay_fold(NEW.hotel_name), '');
BEGIN
  SELECT id INTO NEW.place_id FROM public.search_places WHERE search_text = place_text AND hotel_search_text = hotel_text;
  IF NEW.place_id IS NULL THEN
    -- New places become visible in id order: the lock is held until this transaction ends, so a place with a
    -- lower id can never commit after one with a higher id. Searches rely on it (server/listings/search-places.ts).
    -- New hotels are rare, so making them wait for each other costs little.
    PERFORM pg_advisory_xact_lock(72531005);
    -- Another transaction may have added this place while this one waited.
    SELECT id INTO NEW.place_id FROM public.search_places WHERE search_text = place_text AND hotel_search_text = hotel_text;
    IF NEW.place_id IS NULL THEN
      INSERT INTO public.search_places (search_text, hotel_search_text) VALUES (place_text, hotel_text)
        RETURNING id INTO NEW.place_id;
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER listings_place BEFORE INSERT OR UPDATE OF city, country, location, hotel_name ON listings
  FOR EACH ROW EXECUTE FUNCTION public.restay_listing_place();

UPDATE listings SET city = city;
ALTER TABLE listings ALTER COLUMN place_id SET NOT NULL;

-- The per-listing text columns and the indexes of migration 0004 are replaced by the ones below.
DROP INDEX listings_search_text_trgm, listings_hotel_search_text_trgm, listings_active_price, listings_active_created,
  listings_active_start, listings_active_position, listings_status_created;
ALTER TABLE listings DROP COLUMN search_text, DROP COLUMN hotel_search_text;

-- One index per way in: each sort order (walked until the page is full) and the two selective filters (place
-- and map cell, read exactly, then sorted). Ties are broken by id in the sort's direction, so a backward scan
-- serves the descending orders.
CREATE INDEX listings_search_created ON listings (created_at DESC, id DESC)
  INCLUDE (place_id, geo_cell, start_utc, end_utc, price_cents, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_price ON listings (price_cents, id)
  INCLUDE (place_id, geo_cell, start_utc, end_utc, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_start ON listings (start_utc, id)
  INCLUDE (place_id, geo_cell, end_utc, price_cents, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_place ON listings (place_id, start_utc)
  INCLUDE (id, geo_cell, end_utc, price_cents, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_cell ON listings (geo_cell, start_utc)
  INCLUDE (id, place_id, end_utc, price_cents, created_at, latitude, longitude) WHERE status = 'active';
