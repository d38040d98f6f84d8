import express, { Router, type Response } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { StripeStandinSessionRow } from '../../db/schema.ts';
import { checkoutPage, closedCheckoutPage, dashboardPage } from './checkout-page.ts';
import type { StandinStore } from './store.ts';
import { connectPageRoutes } from './connect-page-routes.ts';
import type { ConnectStore } from './connect-store.ts';
import { readFormFields } from './form-fields.ts';
import { isRefundFormToken, refundFormToken } from './refund-form-token.ts';
import { chargeTestCard } from './test-cards.ts';

export interface StandinPageOptions {
  store: StandinStore;
  connect: ConnectStore;
  clock: Clock;
  logger: Logger;
  /** Sends the event before the buyer is redirected, as Stripe usually manages; failures are retried later. */
  deliverNow: (eventId: string) => Promise<void>;
  /** A public demo: each refund form asks for the demo operator token (a payment's buyer needs none). */
  demoMode: boolean;
  /** Keys the refund forms' tokens (refundFormToken): the stand-in's secret key, random per data directory. */
  secretKey: string;
}

const CARD_FORM_LENGTHS = { number: 40, expiry: 20, cvc: 10, name: 200 };

const successUrlOf = (session: StripeStandinSessionRow) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/** The hosted test checkout page, served at /test-checkout. Plain HTML forms: no script runs on it. */
export function standinPageRouter(options: StandinPageOptions): Router {
  const { store, clock } = options;
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  // The test dashboard; declared before `/:id` (session ids start with `cs_`, so no session is named like it).
  router.get('/dashboard', async (req, res) => {
    const paid = await store.listPaid();
    res.set('Cache-Control', 'no-store');
    res.set('Content-Security-Policy', DASHBOARD_POLICY);
    const notice = typeof req.query.refunded === 'string' ? `Refunded ${req.query.refunded}.` : undefined;
    res.type('html').send(
      dashboardPage(
        paid.map((row) => ({
          paymentIntent: row.payment_intent ?? '',
          amount: row.amount_total,
          currency: row.currency,
          customerEmail: row.customer_email,
          description: row.line_items.map((item) => item.name).join(', '),
          paidAt: row.completed_at,
          refundId: row.refund_id,
          formToken: refundFormToken(options.secretKey, row.payment_intent ?? ''),
        })),
        { notice, askOperatorToken: options.demoMode },
      ),
    );
  });

  /** A refund by hand, as in Stripe's dashboard: the whole payment, then `charge.refunded` to the webhook. */
  router.post('/dashboard/payments/:paymentIntent/refund', async (req, res) => {
    // Only this page's own form, which carries its token: a page elsewhere may not make the browser refund a
    // payment. The Origin header cannot decide it (a no-referrer page's own form posts `Origin: null`).
    const token = (req.body as { form_token?: unknown } | undefined)?.form_token;
    if (!isRefundFormToken(options.secretKey, req.params.paymentIntent, token)) {
      res
        .status(403)
        .type('html')
        .send(
          closedCheckoutPage('Refund refused', 'Refunds are made from the test dashboard itself.', {
            href: '/test-checkout/dashboard',
            label: 'Back to the payments',
          }),
        );
      return;
    }
    const made = await store.refund({
      paymentIntent: req.params.paymentIntent,
      reason: 'requested_by_customer',
      metadata: {},
      now: clock(),
      requestId: null,
    });
    if (!made) {
      res
        .status(409)
        .type('html')
        .send(
          closedCheckoutPage('Nothing to refund', 'This payment is unknown or already refunded.', {
            href: '/test-checkout/dashboard',
            label: 'Back to the payments',
          }),
        );
      return;
    }
    await options.deliverNow(made.eventId).catch((error: unknown) => {
      options.logger.warn({ err: error, eventId: made.eventId }, 'checkout stand-in: first delivery failed');
    });
    res.redirect(303, `/test-checkout/dashboard?refunded=${encodeURIComponent(made.refund.id)}`);
  });

  connectPageRoutes(router, options);

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
    const form = readFormFields(req.body, CARD_FORM_LENGTHS);
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

/** The dashboard posts only to itself and runs no script. */
const DASHBOARD_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

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
