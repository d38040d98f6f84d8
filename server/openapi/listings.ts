import type { Listing } from '../../contract/listing.ts';
import { searchQuerySchema } from '../../contract/search.ts';
import {
  createdListingSchema,
  createListingRequestSchema,
  updateListingRequestSchema,
} from '../../contract/selling.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

/**
 * The listing fields the hotel's system owns: a listing takes them from the reservation, never from a request.
 * The request schemas have no field for them and drop unknown fields, so a body that sends them (in either
 * spelling) is served as if it had not.
 */
export const PMS_OWNED_FIELDS = [
  'hotel_name',
  'city',
  'country',
  'latitude',
  'longitude',
  'currency',
  'start_utc',
  'end_utc',
] as const satisfies readonly (keyof Listing)[];

const camel = (field: string) => field.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());
const spellings = (field: string) => [...new Set([field, camel(field)])].map((name) => `\`${name}\``).join('/');
const pmsOwned = PMS_OWNED_FIELDS.map(spellings).join(', ');

const PRICE_RULES =
  '`listingPrice` is in the currency of the reservation (major units): positive, at most 2 decimals, at most ' +
  'the price paid at the hotel plus the allowed markup, and one the payment provider can charge (whole amounts ' +
  'in zero-decimal currencies such as JPY, at least its minimum charge), else 400 on `listingPrice`.';

const listingId = { id: 'The listing id (a UUID; any other value is 404)' };

export const listingsPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/listings': {
    get: {
      operationId: 'searchListings',
      tag: 'Listings',
      summary: 'Search the marketplace: active listings whose check-in is still ahead',
      description:
        'Every parameter is optional and a blank value counts as absent; unknown parameters are ignored. ' +
        '`startDate`/`endDate` are real dates as YYYY-MM-DD (check-in on or after, check-out on or before); ' +
        '`minPrice`/`maxPrice` are numbers of at least 0 with `minPrice` not above `maxPrice`; `bounds` is ' +
        '`south,west,north,east` in degrees (west above east crosses the antimeridian). A malformed, ' +
        'contradictory or repeated parameter is 400 with `details: [{ field, message }]`. `meta.total` is exact ' +
        'up to 1,000 (`totalCapped` beyond); `meta.priceCeiling` is the highest price of all active listings.',
      access: 'public',
      query: searchQuerySchema,
      reply: {
        status: 200,
        description: 'One page of listings',
        data: { type: 'array', items: schemaRef('Listing') },
        meta: schemaRef('SearchMeta'),
      },
    },
    post: {
      operationId: 'createListing',
      tag: 'Selling',
      summary: 'List a reservation the caller proved is theirs (with the emailed code)',
      description:
        'The reservation is read again from the hotel system first. The seller writes `title`, `description` ' +
        `and \`location\` (the neighbourhood). Ignored, not refused: ${pmsOwned}; these come from the hotel ` +
        `system only. ${PRICE_RULES} \`imageUrl\` must be one of the photos \`POST /api/reservations/find\` ` +
        'offered. One live listing per reservation (409 `already_listed`); a reservation that can no longer be ' +
        'sold is 409 with `details.reason`; a proof of ownership that expired or was spent is 403 with ' +
        '`details.reason: "prove_again"`. A `userId` must be the caller (else 403).',
      access: 'bearer',
      body: createListingRequestSchema,
      reply: { status: 201, description: 'Listed', data: replySchema(createdListingSchema) },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UPSTREAM_ERROR'],
    },
  },
  '/api/listings/{id}': {
    get: {
      operationId: 'getListing',
      tag: 'Listings',
      summary: 'One listing, in any status',
      description:
        '`held_by_viewer` is true when the bearer token names the buyer whose open checkout holds the stay; ' +
        '`buyer_id` is set only for that buyer. Without a token, or with a refused one, the reply is a guest’s.',
      access: 'viewer',
      pathParams: listingId,
      reply: { status: 200, description: 'The listing', data: schemaRef('ListingDetail') },
      errors: ['NOT_FOUND'],
    },
    put: {
      operationId: 'updateListing',
      tag: 'Selling',
      summary: 'Change, pause (`inactive`) or resume (`active`) one’s own listing while it is active or paused',
      description:
        `Ignored, not refused: ${pmsOwned}, which the hotel system owns; a body with nothing else is 400 ` +
        `("Nothing to change"). \`status\` other than \`active\`/\`inactive\` is 400. ${PRICE_RULES} ` +
        'A listing that is reserved, sold, expired or withdrawn is 409.',
      access: 'bearer',
      pathParams: listingId,
      body: updateListingRequestSchema,
      reply: { status: 200, description: 'The listing after the change', data: schemaRef('Listing') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
    delete: {
      operationId: 'withdrawListing',
      tag: 'Selling',
      summary: 'Withdraw one’s own listing (kept with status `withdrawn`)',
      description: 'A listing in a buyer’s checkout or sold is 409.',
      access: 'bearer',
      pathParams: listingId,
      reply: { status: 200, description: 'The withdrawn listing', data: schemaRef('Listing') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/listings/user/{userId}': {
    get: {
      operationId: 'listSellerListings',
      tag: 'Selling',
      summary: 'The caller’s own listings in every status, newest first, each with how its sale ended',
      access: 'bearer',
      pathParams: { userId: 'The caller’s own user id (another is 403)' },
      reply: { status: 200, description: 'The listings', data: { type: 'array', items: schemaRef('SellerListing') } },
      errors: ['FORBIDDEN'],
    },
  },
};
