import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { closedCheckoutPage } from './checkout-page.ts';
import { onboardingPage } from './connect-page.ts';
import { readFormFields } from './form-fields.ts';
import type { ConnectStore } from './connect-store.ts';

/** The page runs no script and posts only to itself; it then sends the seller back to the product. */
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The local onboarding page, at /test-checkout/connect/:linkId (before the checkout's `/:id`): a used or expired
 * link sends the seller to the link's refresh URL, as the provider does; a submitted form makes the account
 * ready, delivers `account.updated`, and sends them to the return URL.
 */
export function connectPageRoutes(
  router: Router,
  options: { connect: ConnectStore; clock: Clock; logger: Logger; deliverNow: (eventId: string) => Promise<void> },
) {
  const { connect, clock } = options;

  router.get('/connect/:linkId', async (req, res) => {
    const link = await connect.findLink(req.params.linkId);
    res.set('Cache-Control', 'no-store');
    if (!link) {
      res.status(404).type('html').send(closedCheckoutPage('Link not found', 'This onboarding link is not valid.'));
      return;
    }
    if (link.used_at || link.expires_at <= clock()) return res.redirect(303, link.refresh_url);
    res.set('Content-Security-Policy', POLICY);
    res.type('html').send(onboardingPage());
  });

  router.post('/connect/:linkId', async (req, res) => {
    const link = await connect.findLink(req.params.linkId);
    res.set('Cache-Control', 'no-store');
    if (!link) {
      res.status(404).type('html').send(closedCheckoutPage('Link not found', 'This onboarding link is not valid.'));
      return;
    }
    const name = readFormFields(req.body, { name: 100 }).name.trim();
    if (!name) {
      res.set('Content-Security-Policy', POLICY);
      res
        .status(400)
        .type('html')
        .send(onboardingPage({ error: 'Enter the name on the account.' }));
      return;
    }
    const done = await connect.completeOnboarding(link.id, name, clock());
    if (!done) return res.redirect(303, link.refresh_url);
    await options.deliverNow(done.eventId).catch((error: unknown) => {
      options.logger.warn({ err: error, eventId: done.eventId }, 'checkout stand-in: first delivery failed');
    });
    res.redirect(303, link.return_url);
  });
}
