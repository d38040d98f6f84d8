import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FIT_PADDING_PX,
  MAP_MAX_FIT_ZOOM,
  MAP_SELECTED_ZOOM,
} from '../../lib/ui-constants.ts';
import type { Listing } from '../../../contract/listing.ts';

/** Map-library-agnostic rules of the marketplace map (pure, unit-tested); Leaflet and Google Maps share them. */

export interface Pin {
  id: string;
  lat: number;
  lng: number;
  label: string;
  title: string;
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** The price rounded to whole dollars: "$1,235". */
export function pinLabel(price: number): string {
  return wholeDollars.format(Math.round(price));
}

const isCoordinate = (value: number | null, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** One pin per placed listing; a listing without usable coordinates is not placed. */
export function pinsFor(listings: Listing[]): Pin[] {
  return listings
    .filter((listing) => isCoordinate(listing.latitude, 90) && isCoordinate(listing.longitude, 180))
    .map((listing) => ({
      id: listing.id,
      lat: listing.latitude!,
      lng: listing.longitude!,
      label: pinLabel(listing.price),
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
export function selectedView(pin: Pin): MapView {
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
