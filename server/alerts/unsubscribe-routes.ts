import { Router, type Response } from 'express';
import { html, type SafeHtml } from '../http/html.ts';
import { sendHtmlPage } from '../http/html-page.ts';
import type { AlertDeps } from './deps.ts';
import { unsubscribe } from './unsubscribe.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * /api/alerts/unsubscribe?token=…, the link in every alert email; no sign-in, the signed token is the proof.
 * GET shows a page with one button (so a mail scanner that follows links does not unsubscribe anyone); POST,
 * from that button or from a mail client's one-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click),
 * pauses the alerts.
 */
export function unsubscribeRouter(deps: AlertDeps): Router {
  const router = Router();

  router.get('/unsubscribe', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!verifyUnsubscribeToken(deps.secret, token)) return void invalidLink(res);
    page(
      res,
      200,
      'Stop these alerts?',
      html`<form method="post" action="/api/alerts/unsubscribe?token=${encodeURIComponent(token)}">
<p>You will no longer receive emails for this saved search. You can resume it any time under Alerts in your account.</p>
<button type="submit">Unsubscribe</button></form>`,
    );
  });

  router.post('/unsubscribe', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const target = verifyUnsubscribeToken(deps.secret, token);
    if (!target) return void invalidLink(res);
    const names = await unsubscribe(deps, target);
    const what = names.length === 1 ? `“${names[0]!}”` : 'your saved searches';
    page(
      res,
      200,
      'You are unsubscribed',
      html`<p>You will no longer receive alerts for ${what}.</p>
<p><a href="/alerts">Manage your alerts</a></p>`,
    );
  });

  return router;
}

function invalidLink(res: Response) {
  page(
    res,
    400,
    'This link is not valid',
    html`<p>This unsubscribe link is not valid. You can manage your alerts under Alerts in your account.</p>`,
  );
}

function page(res: Response, status: number, title: string, body: SafeHtml) {
  res.set('Cache-Control', 'no-store');
  sendHtmlPage(res, status, title, body);
}
