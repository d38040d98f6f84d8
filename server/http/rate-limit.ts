import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { ErrorEnvelope } from '../../contract/errors.ts';

/**
 * A fixed-window limit per client address that answers 429 in the API's error envelope. Counters live in
 * process memory: with several instances each enforces its own window (see README, scaling out).
 */
export function limitRequests(options: { limit: number; windowMs: number; what: string }): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      const body: ErrorEnvelope = {
        success: false,
        error: `Too many ${options.what} attempts. Please wait a moment and try again.`,
        code: 'RATE_LIMITED',
      };
      res.status(429).json(body);
    },
  });
}
