import { z } from 'zod';
import { LISTING_STATUSES } from './listing-status.ts';

/** A listing as the API returns it. Price is in major units; the database keeps integer cents. */
export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  status: z.enum(LISTING_STATUSES),
  user_id: z.string(),
  buyer_id: z.string().nullable(),
  hotel_name: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  first_name: z.string().nullable(),
  start_utc: z.string().nullable(),
  end_utc: z.string().nullable(),
  reservations: z.object({ start_utc: z.string().nullable(), end_utc: z.string().nullable() }).nullable(),
});
export type Listing = z.infer<typeof listingSchema>;
