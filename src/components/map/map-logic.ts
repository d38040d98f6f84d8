import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FIT_PADDING_PX,
  MAP_MAX_FIT_ZOOM,
  MAP_SELECTED_ZOOM,
} from '../../lib/ui-constants.ts';
import type { Listing } from '../../../contract/listing.ts';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import type { ExchangeRates } from '../../../contract/rates.ts';
import { convert } from '../../lib/exchange-rates.ts';

/** Map-library-agnostic rules of the marketplace map (pure, unit-tested); Leaflet and Google Maps share them. */

export interface Pin {
  id: string;
  lat: number;
  lng: number;
  /** What the pin shows: its price in whole units, "≈" when converted. */
  label: string;
  /** The price as said and shown in full: "about €452 (CHF 430)" when converted. */
  price: string;
  title: string;
}

/** The visitor's currency and the day's rates (undefined until they are in), which the pins' prices follow. */
export interface PinMoney {
  visitor: string;
  rates: ExchangeRates | undefined;
}

/**
 * A pin's price in whole units (a pin has room for no cents): in the visitor's currency as the cards show it,
 * marked approximate, with the listing's own price (what is charged) in the full text; the listing's own price
 * alone when it is already in the visitor's currency or cannot be converted yet.
 */
export function pinPrice(price: number, currency: string, { visitor, rates }: PinMoney) {
  const own = formatMajorUnits(Math.round(price), currency);
  const converted = currency === visitor || !rates ? null : convert(price, currency, visitor, rates);
  if (converted === null) return { label: own, price: own };
  const about = formatMajorUnits(Math.round(converted), visitor);
  return { label: `≈${about}`, price: `about ${about} (${own})` };
}

const isCoordinate = (value: number | null, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** One pin per placed listing; a listing without usable coordinates is not placed. */
export function pinsFor(listings: Listing[], money: PinMoney): Pin[] {
  return listings
    .filter((listing) => isCoordinate(listing.latitude, 90) && isCoordinate(listing.longitude, 180))
    .map((listing) => ({
      id: listing.id,
      lat: listing.latitude!,
      lng: listing.longitude!,
      ...pinPrice(listing.price, listing.currency, money),
      title: listing.title,
    }));
}

export type MapView =
  | { kind: 'centre'; center: { lat: number; lng: number }; zoom: number }
  | { kind: 'fit'; south: number; west: number; north: number; east: number; paddingPx: number; maxZoom: number };

/** No pins: the default centre; otherwise fit all pins with padding, never closer than MAP_MAX_FIT_ZOOM. */
export function initialView(pins: Pin[]): MapView {
  if (pins.length === 0) return { kind: 'centre', center: { ...MAP_DEFAULT_CENTER }, zoom: MAP_DEFAULT_ZOOM };
  const lats = pins.map((pin) => pin.lat);
  const lngs = pins.map((pin) => pin.lng);
  return {
    kind: 'fit',
    south: Math.min(...lats),
    west: Math.min(...lngs),
    north: Math.max(...lats),
    east: Math.max(...lngs),
    paddingPx: MAP_FIT_PADDING_PX,
    maxZoom: MAP_MAX_FIT_ZOOM,
  };
}

/** Selecting a listing centres on its pin at MAP_SELECTED_ZOOM. */
export function selectedView(pin: Pick<Pin, 'lat' | 'lng'>): MapView {
  return { kind: 'centre', center: { lat: pin.lat, lng: pin.lng }, zoom: MAP_SELECTED_ZOOM };
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The box within the world's coordinates: latitudes clamped, and longitudes beyond ±180 (Leaflet reports them
 * after panning across the antimeridian) wrapped back, so a box across it comes as west > east.
 */
export function normalizedBox(box: Box): Box {
  const clampLat = (value: number) => Math.max(-90, Math.min(90, value));
  const wrapLng = (value: number) =>
    value >= -180 && value <= 180 ? value : ((((value + 180) % 360) + 360) % 360) - 180;
  const span = box.east - box.west;
  const [west, east] = span >= 360 ? [-180, 180] : [wrapLng(box.west), wrapLng(box.east)];
  return { south: clampLat(box.south), west, north: clampLat(box.north), east };
}

/** The API's `bounds` parameter for the visible area, rounded to about a metre. */
export function boundsParam(box: Box): string {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  const { south, west, north, east } = normalizedBox(box);
  return [south, west, north, east].map(round).join(',');
}

export interface MapProps {
  listings: Listing[];
  /** The marketplace highlights the pin of the card under the pointer, and the card of the pin. */
  hoveredId?: string | null;
  onHover?: (id: string | null) => void;
  /** "Search this area": the visible box as the API's `bounds` parameter. Without it (a stay's map), no such button. */
  onSearchArea?: (bounds: string) => void;
}
