import type { Listing } from '../../contract/listing.ts';
import type { ListingRow } from '../db/schema.ts';

export type ListingWithSeller = ListingRow & { first_name: string | null };

/** The listing as the API shows it (SPEC.md section 3): price in major units, dates as ISO strings. */
export function toListingDto(row: ListingWithSeller): Listing {
  const start = row.start_utc.toISOString();
  const end = row.end_utc.toISOString();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price_cents / 100,
    currency: row.currency,
    status: row.status,
    user_id: row.seller_id,
    buyer_id: row.buyer_id,
    hotel_name: row.hotel_name,
    city: row.city,
    country: row.country,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    image_url: row.image_url,
    created_at: row.created_at.toISOString(),
    first_name: row.first_name,
    start_utc: start,
    end_utc: end,
    reservations: { start_utc: start, end_utc: end },
  };
}
