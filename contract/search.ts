import { z } from 'zod';
import { SEARCH_DEFAULT_CURRENCY } from './display-currencies.ts';
import { listingSchema } from './listing.ts';
import { parsePriceText } from './price-text.ts';

/**
 * The marketplace search query (GET /api/listings), shared by the SPA (which builds it) and the API (which
 * validates it). Every value arrives as query-string text; a malformed or contradictory value is reported
 * under its own parameter name. Unknown parameters are ignored (z.object strips them).
 */
export const SEARCH_SORTS = ['newest', 'price_asc', 'price_desc', 'checkin'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_DEFAULT_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 100;
export const SEARCH_TEXT_MAX_CHARS = 200;
/** `meta.total` counts matches exactly up to this many; beyond it `totalCapped` is true. */
export const SEARCH_TOTAL_CAP = 1_000;

const SIGNED_NUMBER = /^-?\d+(\.\d+)?$/;

/** Empty or blank text means "no filter", so a form can send every field as it is. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const text = z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_TEXT_MAX_CHARS).optional());

/** A real calendar day as YYYY-MM-DD: "2026-02-30" has the shape but is not a date. */
const calendarDate = z.preprocess(blankToUndefined, z.iso.date('must be a real date as YYYY-MM-DD').optional());

const price = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((text) => parsePriceText(text) !== null, 'must be a number of at least 0')
    .transform((text) => parsePriceText(text) ?? 0)
    .optional(),
);

const positiveInt = (max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`))
      .default(fallback),
  );

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** `south,west,north,east` in degrees; west may exceed east when the box crosses the antimeridian. */
export function parseBounds(value: string): Bounds | null {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => SIGNED_NUMBER.test(part))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  const latitudeOk = [south, north].every((lat) => lat >= -90 && lat <= 90);
  const longitudeOk = [west, east].every((lng) => lng >= -180 && lng <= 180);
  return latitudeOk && longitudeOk && south <= north ? { south, west, north, east } : null;
}

const bounds = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value, context) => {
      const parsed = parseBounds(value);
      if (!parsed) {
        context.addIssue({ code: 'custom', message: 'must be south,west,north,east in degrees with south <= north' });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
);

/** The currency the price bounds are in, and the price ceiling answered: the visitor's chosen one. */
const currency = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
    .default(SEARCH_DEFAULT_CURRENCY),
);

/** A yes/no filter in the query string: `true` turns it on; absent, blank or `false` leaves it off. */
const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false'], 'must be true or false')
    .transform((value) => value === 'true')
    .default(false),
);

export const searchQuerySchema = z
  .object({
    location: text,
    hotelName: text,
    startDate: calendarDate,
    endDate: calendarDate,
    minPrice: price,
    maxPrice: price,
    currency,
    bounds,
    page: positiveInt(Number.MAX_SAFE_INTEGER, 1),
    pageSize: positiveInt(SEARCH_MAX_PAGE_SIZE, SEARCH_DEFAULT_PAGE_SIZE),
    sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS).default('newest')),
    /** Only stays whose hotel has joined Restay and approves their resale (a published policy with resale on). */
    hotelApproved: flag,
  })
  .superRefine((query, context) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: 'custom', path: ['minPrice'], message: 'must not be above maxPrice' });
    }
    // YYYY-MM-DD strings compare in calendar order.
    if (query.startDate && query.endDate && query.endDate < query.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    }
  });

export type SearchQuery = z.output<typeof searchQuerySchema>;
/** What the SPA puts in the query string (all optional text, as in the URL). */
export type SearchQueryInput = Partial<Record<keyof z.input<typeof searchQuerySchema>, string>>;

export const searchMetaSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  /** Matches, exact up to SEARCH_TOTAL_CAP. */
  total: z.number(),
  /** True when there are more than SEARCH_TOTAL_CAP matches (then `total` is the cap). */
  totalCapped: z.boolean().default(false),
  /** The highest price among all active listings, in the query's currency (major units); null when there are none. */
  priceCeiling: z.number().nullable(),
});
export type SearchMeta = z.infer<typeof searchMetaSchema>;

/** GET /api/listings's reply: a page of stays and what the search matched. */
export const searchReplySchema = z.object({
  success: z.literal(true),
  data: z.array(listingSchema),
  meta: searchMetaSchema,
});
export type SearchReply = z.output<typeof searchReplySchema>;
