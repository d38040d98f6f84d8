import { z } from 'zod';
import { searchQuerySchema } from './search.ts';

/** Limits of saved searches; the SPA's dialog and the API enforce the same. */
export const SAVED_SEARCH_LIMITS = { perUser: 20, name: 60 } as const;
/** Instant alert emails a person receives in 24 hours; further matches wait for their daily digest. */
export const INSTANT_ALERTS_PER_DAY = 10;
export const DEFAULT_DIGEST_HOUR = 8;

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * The marketplace's search state that a saved search keeps: the URL's filters and the map area. Paging and
 * sort are not part of it (an alert is about which stays match, not how a page shows them).
 */
export const SAVED_QUERY_KEYS = [
  'location',
  'hotelName',
  'startDate',
  'endDate',
  'minPrice',
  'maxPrice',
  'bounds',
  // The currency the price bounds are in (the marketplace's default when absent).
  'currency',
  // Only stays whose hotel approves their resale ('true').
  'hotelApproved',
] as const;
export type SavedQuery = Partial<Record<(typeof SAVED_QUERY_KEYS)[number], string>>;

/**
 * A saved query is checked by the marketplace's own search schema (the same messages, under `query.<name>`)
 * and kept as trimmed text without its blank values, exactly as the marketplace URL carries it.
 */
export const savedQuerySchema = z.record(z.string(), z.string().max(500)).transform((raw, context) => {
  const query: SavedQuery = {};
  for (const key of SAVED_QUERY_KEYS) {
    const value = raw[key]?.trim();
    if (value) query[key] = value;
  }
  const checked = searchQuerySchema.safeParse(query);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return query;
});

const name = z
  .string()
  .trim()
  .min(1, 'Please name this search.')
  .max(SAVED_SEARCH_LIMITS.name, `A name can be at most ${SAVED_SEARCH_LIMITS.name} characters.`);

/** An IANA time zone the server's clock knows (e.g. "Europe/Lisbon"). */
export const timeZoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be a time zone such as Europe/Lisbon');

const digestHour = z.number().int().min(0).max(23);

/** POST /api/saved-searches. The time zone and digest hour are the person's, shared by all their searches. */
export const createSavedSearchSchema = z.object({
  name,
  query: savedQuerySchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  digestHour: digestHour.optional(),
  timeZone: timeZoneSchema.optional(),
});
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchSchema>;

/** PUT /api/saved-searches/:id: rename, change the query or frequency, pause or resume. */
export const updateSavedSearchSchema = z.object({
  name: name.optional(),
  query: savedQuerySchema.optional(),
  frequency: z.enum(ALERT_FREQUENCIES).optional(),
  paused: z.boolean().optional(),
  digestHour: digestHour.optional(),
  timeZone: timeZoneSchema.optional(),
});
export type UpdateSavedSearchRequest = z.input<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  /** Stays that match now (exact up to the search's own cap; `matchCountCapped` beyond it). */
  matchCount: z.number(),
  matchCountCapped: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/saved-searches: the caller's searches and when their digest goes out. */
export const savedSearchListSchema = z.object({
  savedSearches: z.array(savedSearchSchema),
  digestHour: z.number(),
  timeZone: z.string(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;
