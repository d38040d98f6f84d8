import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from './constants.ts';
import { LISTING_STATUSES } from './listing-status.ts';
import { priceSchema } from './money.ts';

/** Limits of a listing's texts; the SPA's form and the API enforce the same. */
export const LISTING_LIMITS = {
  title: 120,
  description: 2_000,
  location: 200,
  hotelName: 200,
  city: 100,
  country: 100,
} as const;

const email = z
  .string()
  .trim()
  .min(1, 'Please enter the email address on the reservation.')
  .pipe(z.email('Please enter a valid email address.'));
const confirmationNumber = z
  .string()
  .trim()
  .min(1, 'Please enter the confirmation number.')
  .max(64, 'That confirmation number is too long.');
/** Accepted for compatibility with older clients; when present it must be the signed-in user (else 403). */
const claimedUserId = z.string().optional();

/**
 * The connected hotel the seller says holds the reservation (GET /api/reservations/hotels): optional, asked first
 * so a reservation booked a moment ago is found at once instead of by asking every hotel.
 */
const hotelId = z.guid('Please choose the hotel from the list.').optional();

/** POST /api/reservations/verify-combined: step 1 of the ownership proof. */
export const verifyCombinedRequestSchema = z.object({ confirmationNumber, email, hotelId, userId: claimedUserId });
/** POST /api/reservations/verify-email: the same as verify-combined under the older field names. */
export const verifyEmailRequestSchema = z.object({
  reservationId: confirmationNumber,
  userProvidedEmail: email,
  hotelId,
  userId: claimedUserId,
});

/** GET /api/reservations/hotels?q=: connected hotels whose name contains `q`, for the seller to name theirs. */
export const connectedHotelsQuerySchema = z.object({
  q: z.string().trim().max(100, 'Type at most 100 characters.').default(''),
});
export const connectedHotelSchema = z.object({ id: z.guid(), name: z.string() });
export type ConnectedHotel = z.infer<typeof connectedHotelSchema>;
/** How many hotels one answer names: enough to pick from while typing. */
export const CONNECTED_HOTELS_SHOWN = 8;
/**
 * Step 1's data: the code was sent. `otaRelay`: the address on the reservation is a booking site's relay, so
 * the code went there and `message` tells the traveller where to look for it.
 */
export const verificationSentSchema = z.object({
  sent: z.literal(true),
  otaRelay: z.boolean(),
  message: z.string().optional(),
  /**
   * True when this user has already proved the reservation is theirs (on any device) and the proof still holds:
   * no code is sent, and the seller goes straight on to listing it. Older servers leave it out.
   */
  alreadyProven: z.boolean().default(false),
});
export type VerificationSent = z.infer<typeof verificationSentSchema>;

/** POST /api/reservations/verify-code: step 2. */
export const verifyCodeRequestSchema = z.object({
  email,
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
      `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the email.`,
    ),
});
/** verify-code's data: `reservationId` is the confirmation number that was verified. */
export const verifyCodeResultSchema = z.object({ verified: z.literal(true), reservationId: z.string() });

/** Why a reservation may not be listed (409 CONFLICT `details.reason`). */
export const TRANSFER_REFUSALS = [
  'cancelled',
  'started',
  'ended',
  'not_confirmed',
  'already_listed',
  'already_sold',
  'ota_relay',
  'price_unknown',
  'hotel_unknown',
  // The hotel's resale policy does not allow it; `details.reasons` holds the hotel's sentences.
  'hotel_policy',
] as const;
export type TransferRefusal = (typeof TRANSFER_REFUSALS)[number];

/**
 * How long a proof of ownership (a verified code) lets its user list the reservation. A proof is also spent
 * once the reservation is transferred to a buyer: the hotel then names someone else.
 */
export const OWNERSHIP_PROOF_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * 403 FORBIDDEN `details.reason` when the proof no longer holds: it expired, was spent, or the hotel now has
 * another guest email on the reservation. The traveller proves ownership again (a new code).
 */
export const PROVE_AGAIN_REASON = 'prove_again';

/** POST /api/reservations/find: `reservationId` is the confirmation number (or the PMS's id). */
export const findReservationRequestSchema = z.object({ reservationId: confirmationNumber, userId: claimedUserId });

/** find's data, in the hotel system's field names, plus what the listing form needs. */
export const foundReservationSchema = z.object({
  reservationDetails: z.object({
    Id: z.string(),
    Number: z.string(),
    StartUtc: z.string(),
    EndUtc: z.string(),
    ResourceName: z.string().nullable(),
    State: z.string(),
  }),
  propertyInfo: z.object({
    Name: z.string(),
    /** The hotel's IANA time zone: the stay's dates are days there. */
    TimeZone: z.string().optional(),
    Address: z.object({
      Line1: z.string().nullable(),
      City: z.string().nullable(),
      CountryCode: z.string().nullable(),
    }),
  }),
  pricing: z.object({
    /** What the guest paid the hotel, major units; null when the hotel's system does not say. */
    amountPaid: z.number().nullable(),
    currency: z.string(),
    /** The highest asking price allowed (the price paid plus the allowed markup); null: no ceiling known. */
    maxPrice: z.number().nullable(),
    /**
     * The sentence the server refuses an asking price above `maxPrice` with (Restay's rule or the hotel's, as
     * the binding ceiling is), so the form can say it while the seller types; null when there is no ceiling.
     */
    overCapMessage: z.string().nullable(),
  }),
  /** Photos the seller may choose for the listing: the room's from the hotel system, else the shipped ones. */
  imageOptions: z.array(z.string()),
  /** The listing of this reservation that is live (active, reserved or inactive), if any. */
  liveListingId: z.string().nullable(),
});
export type FoundReservation = z.infer<typeof foundReservationSchema>;

/** GET /api/reservations/:userId: the caller's verified reservations. */
export const verifiedReservationSchema = z.object({
  reservationId: z.string(),
  externalId: z.string(),
  hotelName: z.string(),
  city: z.string().nullable(),
  startUtc: z.string(),
  endUtc: z.string(),
  verifiedAt: z.string(),
  liveListingId: z.string().nullable(),
});

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** POST /api/listings: the create payload. Dates, coordinates and currency always come from the reservation. */
export const createListingRequestSchema = z.object({
  mewsReservationId: z.string().trim().min(1, 'Choose the reservation to list.'),
  userId: claimedUserId,
  listingPrice: priceSchema,
  title: z
    .string()
    .trim()
    .min(1, 'Please enter a title.')
    .max(LISTING_LIMITS.title, `The title can be at most ${LISTING_LIMITS.title} characters.`),
  description: optionalText(
    LISTING_LIMITS.description,
    `The description can be at most ${LISTING_LIMITS.description} characters.`,
  ),
  location: optionalText(LISTING_LIMITS.location, `The location can be at most ${LISTING_LIMITS.location} characters.`),
  imageUrl: z.string().trim().max(500).optional(),
});
export type CreateListingRequest = z.infer<typeof createListingRequestSchema>;

/**
 * POST /api/listings' reply: the new listing's id and, where the hotel approves each stay first, the seller's
 * sentence saying the listing waits for it ("Waiting for <hotel> to approve. ..."); null when it is on sale.
 */
export const createdListingSchema = z.object({ id: z.string(), awaitingHotel: z.string().nullable() });

/** PUT /api/listings/:id: what a seller may change while the listing is active or inactive. */
export const updateListingRequestSchema = createListingRequestSchema
  .pick({ title: true, description: true, location: true, imageUrl: true, listingPrice: true })
  .partial()
  .extend({ status: z.enum(['active', 'inactive']).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change.');
export type UpdateListingRequest = z.infer<typeof updateListingRequestSchema>;

/** The statuses a seller may still change or withdraw. */
export const EDITABLE_STATUSES = LISTING_STATUSES.filter((status) => status === 'active' || status === 'inactive');
