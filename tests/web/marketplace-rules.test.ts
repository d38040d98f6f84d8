import { describe, expect, it } from 'vitest';
import { chooseCheckIn } from '../../src/components/dates/stay-dates.ts';
import { parsePriceText } from '../../contract/price-text.ts';
import { isIsoDay, nextDay } from '../../src/lib/calendar-day.ts';
import { boundsParam, initialView, pinPrice, pinsFor, selectedView } from '../../src/components/map/map-logic.ts';
import {
  ceilingFrom,
  priceRangeLabel,
  settleMax,
  settleMin,
  slideTo,
  typeMax,
  typeMin,
} from '../../src/features/marketplace/price-rules.ts';
import { EMPTY_FILTERS, filtersFromUrl, marketplaceUrl } from '../../src/lib/search-filters.ts';
import { makeListing } from './factories.ts';
import { TEST_RATES } from './msw.ts';

describe('price rules', () => {
  it('sets the ceiling to the highest price rounded up, else 1000', () => {
    expect(ceilingFrom(1234.01)).toBe(1235);
    expect(ceilingFrom(null)).toBe(1000);
    expect(ceilingFrom(0)).toBe(1000);
  });

  it('ignores non-numeric and negative text', () => {
    expect(parsePriceText('abc')).toBeNull();
    expect(parsePriceText('-5')).toBeNull();
    expect(parsePriceText('')).toBeNull();
    expect(parsePriceText(' 42.5 ')).toBe(42.5);
    expect(typeMin({ min: 10, max: 50 }, 'abc', 100)).toEqual({ min: 10, max: 50 });
    expect(typeMax({ min: 10, max: 50 }, '-3', 100)).toEqual({ min: 10, max: 50 });
  });

  it('clamps typed values to 0..ceiling; the maximum at the ceiling means no maximum', () => {
    expect(typeMin({ min: 0, max: null }, '5000', 1000)).toEqual({ min: 1000, max: null });
    expect(typeMax({ min: 0, max: 300 }, '5000', 1000)).toEqual({ min: 0, max: null });
    expect(typeMax({ min: 0, max: null }, '300', 1000)).toEqual({ min: 0, max: 300 });
  });

  it('adjusts the other value on blur so min never ends above max', () => {
    expect(settleMin({ min: 400, max: 300 }, 1000)).toEqual({ min: 400, max: 400 });
    expect(settleMax({ min: 400, max: 300 }, 1000)).toEqual({ min: 300, max: 300 });
    expect(settleMin({ min: 100, max: 300 }, 1000)).toEqual({ min: 100, max: 300 });
  });

  it('reads the slider values in order, so the minimum never passes the maximum', () => {
    expect(slideTo([300, 500], 1000)).toEqual({ min: 300, max: 500 });
    expect(slideTo([500, 300], 1000)).toEqual({ min: 300, max: 500 });
    expect(slideTo([0, 1000], 1000)).toEqual({ min: 0, max: null });
    expect(slideTo([-5, 2000], 1000)).toEqual({ min: 0, max: null });
  });

  it('says the range in words, with "+" when there is no maximum', () => {
    expect(priceRangeLabel({ min: 100, max: 500 }, 1000, 'USD')).toBe('$100 – $500');
    expect(priceRangeLabel({ min: 0, max: null }, 860, 'USD')).toBe('$0 – $860+');
    expect(priceRangeLabel({ min: 5000, max: 90_000 }, 100_000, 'JPY')).toBe('¥5,000 – ¥90,000');
  });
});

describe('search URL', () => {
  it('sends only trimmed text, minPrice above 0 and maxPrice below the ceiling', () => {
    expect(marketplaceUrl(EMPTY_FILTERS, 1000)).toBe('/marketplace');
    expect(
      marketplaceUrl({ ...EMPTY_FILTERS, location: '  ', hotelName: ' Ritz ', minPrice: 0, maxPrice: 1000 }, 1000),
    ).toBe('/marketplace?hotelName=Ritz');
    expect(marketplaceUrl({ ...EMPTY_FILTERS, minPrice: 50, maxPrice: 999 }, 1000)).toBe(
      '/marketplace?minPrice=50&maxPrice=999',
    );
    // A ceiling above the default 1000 still lets a lowered maximum filter.
    expect(marketplaceUrl({ ...EMPTY_FILTERS, maxPrice: 1500 }, 2500)).toBe('/marketplace?maxPrice=1500');
  });

  it('reads the filters back from the URL, ignoring malformed values', () => {
    expect(
      filtersFromUrl(new URLSearchParams('location=Porto&startDate=2026-05-01&endDate=bad&minPrice=-1&maxPrice=300')),
    ).toEqual({
      ...EMPTY_FILTERS,
      location: 'Porto',
      startDate: '2026-05-01',
      maxPrice: 300,
    });
  });
});

describe('date rules', () => {
  it('moves the check-out to the day after a check-in on or after it', () => {
    expect(chooseCheckIn('2026-05-10', '2026-05-08')).toEqual({ startDate: '2026-05-10', endDate: '2026-05-11' });
    expect(chooseCheckIn('2026-05-10', '2026-05-10')).toEqual({ startDate: '2026-05-10', endDate: '2026-05-11' });
    expect(chooseCheckIn('2026-05-10', '2026-05-12')).toEqual({ startDate: '2026-05-10', endDate: '2026-05-12' });
    expect(chooseCheckIn('2026-05-10', '')).toEqual({ startDate: '2026-05-10', endDate: '' });
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-02-30')).toBe('');
  });

  it('takes only real calendar days as YYYY-MM-DD', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-5-01')).toBe(false);
  });
});

describe('map rules', () => {
  it('places one pin per listing with coordinates, labelled with its price in whole units', () => {
    const placed = makeListing({ price: 1234.5, currency: 'USD', latitude: 38.7, longitude: -9.1 });
    const unplaced = makeListing({ latitude: null, longitude: null });
    const half = makeListing({ latitude: 10, longitude: null });
    const pins = pinsFor([placed, unplaced, half], { visitor: 'USD', rates: TEST_RATES });
    expect(pins).toEqual([
      { id: placed.id, lat: 38.7, lng: -9.1, label: '$1,235', price: '$1,235', title: placed.title },
    ]);
    expect(pinPrice(99.49, 'USD', { visitor: 'USD', rates: TEST_RATES })).toEqual({ label: '$99', price: '$99' });
  });

  it("shows a pin's price in the visitor's currency, approximate, with the listing's own price in its label", () => {
    const dollars = Math.round((420 / TEST_RATES.unitsPerEuro.EUR!) * TEST_RATES.unitsPerEuro.USD!);
    expect(pinPrice(420, 'EUR', { visitor: 'USD', rates: TEST_RATES })).toEqual({
      label: `≈$${dollars}`,
      price: `about $${dollars} (€420)`,
    });
    const pounds = Math.round((88_920 / TEST_RATES.unitsPerEuro.JPY!) * TEST_RATES.unitsPerEuro.GBP!);
    expect(pinPrice(88_920, 'JPY', { visitor: 'GBP', rates: TEST_RATES })).toEqual({
      label: `≈£${pounds}`,
      price: `about £${pounds} (¥88,920)`,
    });
    // Until the rates are in, and for a currency without a rate, the listing's own price.
    expect(pinPrice(420, 'EUR', { visitor: 'USD', rates: undefined })).toEqual({ label: '€420', price: '€420' });
    expect(pinPrice(420, 'EUR', { visitor: 'XYZ', rates: TEST_RATES })).toEqual({ label: '€420', price: '€420' });
  });

  it('centres on New York at zoom 10 without pins, else fits them with padding 50 up to zoom 12', () => {
    expect(initialView([])).toEqual({ kind: 'centre', center: { lat: 40.7128, lng: -74.006 }, zoom: 10 });
    const pins = pinsFor([makeListing({ latitude: 1, longitude: 2 }), makeListing({ latitude: 3, longitude: -4 })], {
      visitor: 'USD',
      rates: undefined,
    });
    expect(initialView(pins)).toEqual({
      kind: 'fit',
      south: 1,
      west: -4,
      north: 3,
      east: 2,
      paddingPx: 50,
      maxZoom: 12,
    });
    expect(selectedView(pins[0]!)).toEqual({ kind: 'centre', center: { lat: 1, lng: 2 }, zoom: 13 });
  });

  it('turns the visible box into the bounds parameter', () => {
    expect(boundsParam({ south: 1.123456, west: 2, north: 3, east: 4 })).toBe('1.12346,2,3,4');
    expect(boundsParam({ south: -95, west: -400, north: 95, east: 400 })).toBe('-90,-180,90,180');
  });
});
