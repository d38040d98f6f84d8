import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { byUser, databaseRateLimit } from '../http/rate-limit.ts';

const WINDOW_MS = 10 * 60_000;

export interface SellingRateLimits {
  /** Code requests (step 1) per signed-in user per 10 minutes. */
  codeRequestsPerUser: number;
  /** Code requests per client address per 10 minutes (several accounts behind one address). */
  codeRequestsPerClient: number;
  /** Code entries (step 2) per user per 10 minutes, across all of their codes. */
  codeEntriesPerUser: number;
}

export const DEFAULT_SELLING_RATE_LIMITS: SellingRateLimits = {
  codeRequestsPerUser: 5,
  codeRequestsPerClient: 20,
  codeEntriesPerUser: 30,
};

const TOO_MANY_REQUESTS = 'Too many verification requests. Please wait a few minutes and try again.';

/** The limiters in front of step 1 (sending a code) and step 2 (entering one). */
export function sellingRateLimiters(db: Kysely<Database>, limits: SellingRateLimits = DEFAULT_SELLING_RATE_LIMITS) {
  return {
    codeRequests: [
      databaseRateLimit(db, {
        name: 'verify-request-client',
        limit: limits.codeRequestsPerClient,
        windowMs: WINDOW_MS,
        message: TOO_MANY_REQUESTS,
      }),
      databaseRateLimit(db, {
        name: 'verify-request',
        limit: limits.codeRequestsPerUser,
        windowMs: WINDOW_MS,
        message: TOO_MANY_REQUESTS,
        key: byUser,
      }),
    ],
    codeEntries: [
      databaseRateLimit(db, {
        name: 'verify-code',
        limit: limits.codeEntriesPerUser,
        windowMs: WINDOW_MS,
        message: TOO_MANY_REQUESTS,
        key: byUser,
      }),
    ],
  };
}
