import { Router } from 'express';
import { contactRequestSchema } from '../../contract/contact.ts';
import { databaseRateLimit } from '../http/rate-limit.ts';
import { parseInput } from '../http/validation.ts';
import { receiveContactMessage, type ContactDependencies } from './contact-service.ts';

/** Enough for a visitor who retries or corrects a message; far too few to flood the operator's inbox. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

export function contactRouter(deps: ContactDependencies): Router {
  const router = Router();
  const limiter = databaseRateLimit(deps.db, {
    name: 'contact',
    ...CONTACT_RATE_LIMIT,
    message: 'Too many messages from this address. Please try again in a few minutes.',
  });

  router.post('/', limiter, async (req, res) => {
    const message = parseInput(contactRequestSchema, req.body, 'contact message');
    const data = await receiveContactMessage(deps, message, req.log);
    res.status(201).json({ success: true, data });
  });

  return router;
}
