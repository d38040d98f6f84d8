-- Prices in the visitor's currency (ADR 0039). The European Central Bank's daily reference rates, as units of each
-- currency per euro, are kept here by the rates job (server/rates); the euro itself is always 1.
CREATE TABLE exchange_rates (
  currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  units_per_euro double precision NOT NULL CHECK (units_per_euro > 0),
  rate_date date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO exchange_rates (currency, units_per_euro, rate_date) VALUES ('EUR', 1, '1999-01-04');

-- Each listing's price in euro cents, unrounded (so two prices in one currency keep their order exactly), so a
-- price filter in any currency is one range on one column: its bounds are converted instead of every price.
-- Null while the listing's currency has no rate. Written by the trigger below when a listing is created or its
-- price changes, and by the rates job for every listing when the rates change.
ALTER TABLE listings ADD COLUMN price_eur_cents double precision;

CREATE FUNCTION listings_price_eur() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_eur_cents := NEW.price_cents / (SELECT units_per_euro FROM public.exchange_rates WHERE currency = NEW.currency);
  RETURN NEW;
END $$;
CREATE TRIGGER listings_price_eur BEFORE INSERT OR UPDATE OF price_cents, currency ON listings
  FOR EACH ROW EXECUTE FUNCTION listings_price_eur();
UPDATE listings SET price_eur_cents = price_cents / exchange_rates.units_per_euro
FROM exchange_rates WHERE exchange_rates.currency = listings.currency;

-- The search indexes of migration 0005, with the normalised price in place of the listing's own: the price
-- filter and the price sorts read it.
DROP INDEX listings_search_created, listings_search_price, listings_search_start, listings_search_place,
  listings_search_cell;
CREATE INDEX listings_search_created ON listings (created_at DESC, id DESC)
  INCLUDE (place_id, geo_cell, start_utc, end_utc, price_eur_cents, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_price ON listings (price_eur_cents, id)
  INCLUDE (place_id, geo_cell, start_utc, end_utc, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_start ON listings (start_utc, id)
  INCLUDE (place_id, geo_cell, end_utc, price_eur_cents, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_place ON listings (place_id, start_utc)
  INCLUDE (id, geo_cell, end_utc, price_eur_cents, created_at, latitude, longitude) WHERE status = 'active';
CREATE INDEX listings_search_cell ON listings (geo_cell, start_utc)
  INCLUDE (id, place_id, end_utc, price_eur_cents, created_at, latitude, longitude) WHERE status = 'active';
