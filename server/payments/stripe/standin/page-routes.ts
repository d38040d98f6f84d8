import express, { Router, type Response } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock.ts';
import { z } from 'zod';
import type { StripeStandinSessionRow } from '../../../db/schema.ts';
import { checkoutPage, closedCheckoutPage } from './checkout-page.ts';
import type { StandinStore } from './store.ts';
import { chargeTestCard } from './test-cards.ts';

export interface StandinPageOptions {
  store: StandinStore;
  clock: Clock;
  logger: Logger;
  /** Sends the event before the buyer is redirected, as Stripe usually manages; failures are retried later. */
  deliverNow: (eventId: string) => Promise<void>;
}

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});

const successUrlOf = (session: StripeStandinSessionRow) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/** The hosted test checkout page, served at /test-checkout. Plain HTML forms: no script runs on it. */
export function standinPageRouter(options: StandinPageOptions): Router {
  const { store, clock } = options;
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  router.get('/:id', async (req, res) => {
    const session = await store.find(req.params.id, clock());
    if (session?.status !== 'open') return closed(res, session);
    protect(res, session);
    res.type('html').send(checkoutPage(session));
  });

  router.post('/:id/pay', async (req, res) => {
    const now = clock();
    const session = await store.find(req.params.id, now);
    if (session?.status !== 'open') return closed(res, session);
    const form = cardForm.parse(req.body ?? {});
    const outcome = chargeTestCard(form, now);
    protect(res, session);
    if (!outcome.paid) {
      // 402 is Stripe's status for a refused card; the page explains which field to fix.
      res
        .status(402)
        .type('html')
        .send(checkoutPage(session, { values: form, error: outcome }));
      return;
    }
    const completed = await store.complete(session.id, now);
    if (!completed) return closed(res, await store.find(session.id, now));
    await options.deliverNow(completed.eventId).catch((error: unknown) => {
      options.logger.warn({ err: error, eventId: completed.eventId }, 'checkout stand-in: first delivery failed');
    });
    res.redirect(303, successUrlOf(completed.row));
  });

  return router;
}

function closed(res: Response, session: StripeStandinSessionRow | undefined) {
  res.set('Cache-Control', 'no-store');
  if (!session) {
    res.status(404).type('html').send(closedCheckoutPage('Checkout not found', 'This checkout link is not valid.'));
  } else if (session.status === 'complete') {
    res
      .status(409)
      .type('html')
      .send(
        closedCheckoutPage(
          'This payment is complete',
          'This checkout has already been paid; nothing more is charged.',
          {
            href: successUrlOf(session),
            label: 'Continue',
          },
        ),
      );
  } else {
    res
      .status(410)
      .type('html')
      .send(
        closedCheckoutPage(
          'This checkout has expired',
          'The time to pay ran out or the checkout was cancelled, so nothing was charged.',
          session.cancel_url ? { href: session.cancel_url, label: 'Back' } : undefined,
        ),
      );
  }
}

/**
 * The page's own policy: no scripts at all, and its form may lead (by the 303 after paying) to the success URL's
 * origin, which in development is not the API's own.
 */
function protect(res: Response, session: StripeStandinSessionRow) {
  const successOrigin = new URL(session.success_url).origin;
  res.set('Cache-Control', 'no-store');
  res.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${successOrigin}; frame-ancestors 'none'; base-uri 'none'`,
  );
}
