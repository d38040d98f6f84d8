import { rateLimit } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { RequestHandler } from 'express';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { databaseRateLimit, DatabaseRateLimitStore } from '../http/rate-limit.ts';

const WINDOW_MS = 10 * 60_000;

export interface SellingRateLimits {
  /** Code requests (step 1) per signed-in user per 10 minutes. */
  codeRequestsPerUser: number;
  /** Code requests per client address per 10 minutes (several accounts behind one address). */
  codeRequestsPerClient: number;
  /** Code entries (step 2) per user per 10 minutes, across all of their codes. */
  codeEntriesPerUser: number;
}

export const DEFAULT_SELLING_RATE_LIMITS: SellingRateLimits = { codeRequestsPerUser: 5, codeRequestsPerClient: 20, codeEntriesPerUser: 30 };

const TOO_MANY_REQUESTS = 'Too many verification requests. Please wait a few minutes and try again.';

/** Counts per signed-in user (after requireUser), in PostgreSQL like every other counter. */
function perUser(db: Kysely<Database>, name: string, limit: number): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${req.user?.id ?? ''}`,
    store: new DatabaseRateLimitStore(db, `${name}:`),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', TOO_MANY_REQUESTS)),
  });
}

/** The limiters in front of step 1 (sending a code) and step 2 (entering one). */
export function sellingRateLimiters(db: Kysely<Database>, limits: SellingRateLimits = DEFAULT_SELLING_RATE_LIMITS) {
  return {
    codeRequests: [
      databaseRateLimit(db, { name: 'verify-request-client', limit: limits.codeRequestsPerClient, windowMs: WINDOW_MS, message: TOO_MANY_REQUESTS }),
      perUser(db, 'verify-request', limits.codeRequestsPerUser),
    ],
    codeEntries: [perUser(db, 'verify-code', limits.codeEntriesPerUser)],
  };
}
