import { z } from 'zod';
import { successEnvelopeSchema } from './errors.ts';
import { LISTING_STATUSES } from './listing-status.ts';
import { hotelApprovalSchema } from './hotel-approval.ts';

/** A listing as the API returns it. Price is in major units; the database keeps integer cents. */
export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  /**
   * What the seller paid at the hotel, in the listing's currency, as the hotel's system said; null when it did
   * not say. The only former price a buyer is shown.
   */
  paid_price: z.number().nullable(),
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
  /** The room type as the hotel names it, without the room's number; null when the hotel's system did not say. */
  room_type: z.string().nullable(),
  /** How many guests the reservation is for; null when the hotel's system did not say. */
  guests: z.number().int().positive().nullable(),
  created_at: z.string(),
  first_name: z.string().nullable(),
  start_utc: z.string().nullable(),
  end_utc: z.string().nullable(),
  reservations: z.object({ start_utc: z.string().nullable(), end_utc: z.string().nullable() }).nullable(),
  /** The hotel's IANA time zone: the stay's dates are the days its instants fall on there (UTC when unknown). */
  time_zone: z.string().optional(),
  /**
   * Those days (YYYY-MM-DD), worked out by the server, so a page shows them without a time-zone formatter of its
   * own (the browser's first one loads its zone data while the page starts). Older servers leave them out.
   */
  stay_days: z.object({ start: z.string(), end: z.string() }).optional(),
});
export type Listing = z.infer<typeof listingSchema>;

/**
 * GET /api/listings/:id: the listing, and whether the signed-in viewer is the buyer holding it in an open
 * checkout (so they can go back to paying from any tab or device). Older servers leave the flag out.
 */
export const listingDetailSchema = listingSchema.extend({
  held_by_viewer: z.boolean().default(false),
  /**
   * The hotel's word: set when the stay's hotel has joined Restay and its live policy allows resale (its name and
   * the rules a buyer should know); null otherwise. Older servers leave it out.
   */
  hotel_approval: hotelApprovalSchema.nullable().default(null),
});
/** A listing's page as the SPA reads it; a plain listing is one its viewer does not hold. */
export type ListingWithViewer = z.input<typeof listingDetailSchema>;

/** GET /api/listings/:id's reply. */
export const listingReplySchema = successEnvelopeSchema(listingDetailSchema);
export type ListingReply = z.output<typeof listingReplySchema>;
