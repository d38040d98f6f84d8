import { z } from 'zod';

/**
 * The hotel console's Stays: every listing of a stay at the hotel, in the state the hotel cares about. Apart from
 * contract/hotels.ts so the console's other pages do not build these schemas.
 */
export const HOTEL_STAY_STATES = [
  'awaiting_approval',
  'rejected',
  'live',
  'paused',
  'sold',
  'in_buyers_name',
  'refunded',
  'withdrawn',
  'expired',
] as const;
export type HotelStayState = (typeof HOTEL_STAY_STATES)[number];

export const HOTEL_STAY_STATE_LABELS: Record<HotelStayState, string> = {
  awaiting_approval: 'Awaiting approval',
  rejected: 'Rejected',
  live: 'On sale',
  paused: 'Paused',
  sold: 'Sold',
  in_buyers_name: 'In the buyer’s name',
  refunded: 'Refunded',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The most stays one answer lists, newest check-in first: a month narrows a busy hotel's list. */
export const HOTEL_STAYS_SHOWN = 500;

/** GET /api/hotels/:hotelId/stays?state=&month=YYYY-MM (the month of check-in). */
export const hotelStaysQuerySchema = z.object({
  state: z.enum(HOTEL_STAY_STATES).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')
    .optional(),
});
export type HotelStaysQuery = z.infer<typeof hotelStaysQuerySchema>;

export const hotelStaySchema = z.object({
  listingId: z.uuid(),
  state: z.enum(HOTEL_STAY_STATES),
  /** The room type as the hotel names it; null when its system did not say. */
  roomType: z.string().nullable(),
  /** The stay's days at the hotel. */
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  /** The seller's asking price, in hundredths of `currency`'s major unit. */
  askingCents: z.number().int(),
  currency: z.string().length(3),
  /** The name-change fee its buyer paid the hotel, in the same unit; null before a sale. */
  feeCents: z.number().int().nullable(),
  listedAt: z.iso.datetime(),
});
export type HotelStay = z.infer<typeof hotelStaySchema>;

export const hotelStaysReplySchema = z.object({
  stays: z.array(hotelStaySchema),
  /** More stays matched than HOTEL_STAYS_SHOWN: the list holds the newest check-ins. */
  truncated: z.boolean(),
});
export type HotelStaysReply = z.infer<typeof hotelStaysReplySchema>;
