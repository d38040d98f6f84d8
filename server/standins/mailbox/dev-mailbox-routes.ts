import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../../db/schema.ts';
import { html, trustedHtml, type SafeHtml } from '../../http/html.ts';
import { sendHtmlPage } from '../../http/html-page.ts';
import { listDevMailbox } from './dev-mailbox.ts';
import { textWithLinks } from './mail-links.ts';

/** GET /dev/mailbox (a page to read) and /dev/mailbox.json (for scripts and tests). Never mounted in production. */
export function devMailboxRouter({ db }: { db: Kysely<Database> }): Router {
  const router = Router();

  router.get('/mailbox.json', async (req, res) => {
    const rows = await listDevMailbox(db, recipientOf(req.query));
    res.set('Cache-Control', 'no-store').json({ success: true, data: rows.map(toDto) });
  });

  router.get('/mailbox', async (req, res) => {
    const to = recipientOf(req.query);
    const rows = await listDevMailbox(db, to);
    res.set('Cache-Control', 'no-store');
    sendHtmlPage(res, 200, 'Dev mailbox', mailboxBody(rows, to), { maxWidth: '60rem', style: MAILBOX_STYLE });
  });

  return router;
}

/** `?to=<address>`: only the messages sent to it; blank or repeated reads as no filter. */
function recipientOf(query: Record<string, unknown>): string | undefined {
  const to = query.to;
  return typeof to === 'string' && to.trim() !== '' ? to.trim() : undefined;
}

function toDto(row: MailOutboxRow) {
  return {
    id: row.id,
    from: row.from_address,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    headers: row.headers ?? {},
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const MAILBOX_STYLE = trustedHtml(`article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}
form.filter{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}form.filter label{display:block;font-weight:600}
form.filter input{padding:.4rem;min-width:16rem}
h2{margin:0;font-size:1.1rem}.meta{color:#475569;font-size:.85rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;overflow:visible;font:inherit;background:none;padding:0}`);

/**
 * Every field comes from visitors (contact form) or users: `html` escapes all of it, and only http(s) addresses in
 * a message's text become links. Each recipient links to the messages sent to them (`?to=`).
 */
function mailboxBody(rows: MailOutboxRow[], to: string | undefined): SafeHtml {
  const items = rows.map((row) => {
    const mail = toDto(row);
    return html`<article>
  <h2>${mail.subject}</h2>
  <p class="meta">${mail.createdAt} · from ${mail.from} · to <a href="?to=${encodeURIComponent(mail.to)}">${mail.to}</a>${mail.replyTo && ` · reply-to ${mail.replyTo}`}</p>
  <pre>${textWithLinks(mail.text)}</pre>
</article>
`;
  });
  const shown = to ? html`sent to ${to}` : html`newest first`;
  return html`<p>Emails the API would have sent. Set SMTP_URL to send them for real. ${shown}, last ${rows.length}.</p>
<form class="filter" method="get" action="">
<div><label for="to">Recipient</label><input id="to" name="to" type="email" value="${to ?? ''}" placeholder="name@example.com"></div>
<button type="submit">Filter</button>${to && html` <a href="?">Show every recipient</a>`}
</form>
${items.length > 0 ? items : html`<p>No messages yet.</p>`}`;
}
