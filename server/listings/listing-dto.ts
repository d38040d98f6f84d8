import type { Listing } from '../../contract/listing.ts';
import type { ListingRow } from '../db/schema.ts';
import { hotelDate } from './stay-dates.ts';

/** The listing columns the API shows; every listing query selects exactly these (and the seller's first name). */
export const LISTING_DTO_COLUMNS = [
  'listings.id',
  'listings.title',
  'listings.description',
  'listings.price_cents',
  'listings.paid_cents',
  'listings.currency',
  'listings.status',
  'listings.seller_id',
  'listings.buyer_id',
  'listings.hotel_name',
  'listings.city',
  'listings.country',
  'listings.location',
  'listings.latitude',
  'listings.longitude',
  'listings.image_url',
  'listings.room_type',
  'listings.guests',
  'listings.created_at',
  'listings.start_utc',
  'listings.end_utc',
  'listings.time_zone',
] as const;

type DtoColumn = (typeof LISTING_DTO_COLUMNS)[number] extends `listings.${infer Column extends keyof ListingRow}`
  ? Column
  : never;

export type ListingWithSeller = Pick<ListingRow, DtoColumn> & { first_name: string | null };

/**
 * The listing as the API shows it to `viewerId` (null: signed out): price in major units, dates as ISO strings.
 * Who bought a stay is nobody's business but the buyer's: `buyer_id` is set only when the viewer is the buyer,
 * which is how the buyer's pages tell PURCHASED from SOLD.
 */
export function toListingDto(row: ListingWithSeller, viewerId: string | null): Listing {
  const start = row.start_utc.toISOString();
  const end = row.end_utc.toISOString();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price_cents / 100,
    paid_price: row.paid_cents === null ? null : row.paid_cents / 100,
    currency: row.currency,
    status: row.status,
    user_id: row.seller_id,
    buyer_id: viewerId !== null && row.buyer_id === viewerId ? row.buyer_id : null,
    hotel_name: row.hotel_name,
    city: row.city,
    country: row.country,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    image_url: row.image_url,
    room_type: row.room_type,
    guests: row.guests,
    created_at: row.created_at.toISOString(),
    first_name: row.first_name,
    start_utc: start,
    end_utc: end,
    reservations: { start_utc: start, end_utc: end },
    time_zone: row.time_zone,
    stay_days: stayDays(row),
  };
}

/** The days the stay's instants fall on at the hotel; in UTC when its zone is unknown here, as the SPA reads it. */
function stayDays(row: ListingWithSeller): { start: string; end: string } {
  const days = (timeZone: string) => ({
    start: hotelDate(row.start_utc, timeZone),
    end: hotelDate(row.end_utc, timeZone),
  });
  try {
    return days(row.time_zone);
  } catch {
    return days('UTC');
  }
}
