-- Searches are served again from a short-lived cache (server/listings/search-cache.ts) only while nothing they
-- read has changed. This row says what the last change was: every committed write to a table a search reads
-- sets it to that transaction's id, which no earlier state of the data had, so a search that reads it after a
-- write's commit never meets a page cached before it, on any instance.
--
-- The write is made when the writing transaction commits (a deferred constraint trigger), and once per
-- transaction: the row's lock is held only from then to the commit, after every lock the transaction takes
-- of its own, so it cannot be part of a deadlock. Writes that cannot change a page (a reservation's state, a
-- person's email) leave it alone. The row may be missing (a truncated table): no generation is then a state
-- of its own, and the next write or truncation sets one.
CREATE TABLE search_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  transaction_id bigint NOT NULL
);

CREATE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('restay.search_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
    INSERT INTO search_generation (only_row, transaction_id) VALUES (true, pg_current_xact_id()::text::bigint)
      ON CONFLICT (only_row) DO UPDATE SET transaction_id = excluded.transaction_id;
    PERFORM set_config('restay.search_generation_bumped', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;

-- Every change to these tables can change a page: listings, hotels (joined or not), their policy versions and
-- pauses ("approved by the hotel"), exchange rates (prices and bounds are converted at them) and search places.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['listings', 'hotels', 'hotel_policy_versions', 'hotel_resale_pauses', 'exchange_rates',
                                 'search_places'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
                   'FOR EACH ROW EXECUTE FUNCTION search_generation_bump()', watched || '_search_generation', watched);
  END LOOP;
END;
$$;
-- A card shows its seller's first name.
CREATE CONSTRAINT TRIGGER profiles_search_generation AFTER UPDATE OF first_name OR DELETE ON profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_generation_bump();
-- "Approved by the hotel" follows a reservation to its hotel.
CREATE CONSTRAINT TRIGGER reservations_search_generation AFTER UPDATE OF enterprise_id ON reservations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_generation_bump();

-- TRUNCATE fires no row triggers; it locks its tables whole anyway, so it sets the generation at once.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['listings', 'profiles', 'reservations', 'hotels', 'hotel_policy_versions',
                                 'hotel_resale_pauses', 'exchange_rates', 'search_places'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump()',
                   watched || '_truncated_search_generation', watched);
  END LOOP;
END;
$$;
