import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../../db/schema.ts';
import { html, trustedHtml, type SafeHtml } from '../../http/html.ts';
import { sendHtmlPage } from '../../http/html-page.ts';
import { listDevMailbox } from './dev-mailbox.ts';

/** GET /dev/mailbox (a page to read) and /dev/mailbox.json (for scripts and tests). Never mounted in production. */
export function devMailboxRouter({ db }: { db: Kysely<Database> }): Router {
  const router = Router();

  router.get('/mailbox.json', async (_req, res) => {
    const rows = await listDevMailbox(db);
    res.set('Cache-Control', 'no-store').json({ success: true, data: rows.map(toDto) });
  });

  router.get('/mailbox', async (_req, res) => {
    const rows = await listDevMailbox(db);
    res.set('Cache-Control', 'no-store');
    sendHtmlPage(res, 200, 'Dev mailbox', mailboxBody(rows), { maxWidth: '60rem', style: MAILBOX_STYLE });
  });

  return router;
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
h2{margin:0;font-size:1.1rem}.meta{color:#475569;font-size:.85rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;overflow:visible;font:inherit;background:none;padding:0}`);

/** Every field comes from visitors (contact form) or users: `html` escapes all of it. */
function mailboxBody(rows: MailOutboxRow[]): SafeHtml {
  const items = rows.map((row) => {
    const mail = toDto(row);
    return html`<article>
  <h2>${mail.subject}</h2>
  <p class="meta">${mail.createdAt} · from ${mail.from} · to ${mail.to}${mail.replyTo && ` · reply-to ${mail.replyTo}`}</p>
  <pre>${mail.text}</pre>
</article>
`;
  });
  return html`<p>Emails the API would have sent. Set SMTP_URL to send them for real. Newest first, last ${rows.length}.</p>
${items.length > 0 ? items : html`<p>No messages yet.</p>`}`;
}
