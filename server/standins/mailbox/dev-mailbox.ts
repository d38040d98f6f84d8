import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, MailOutboxRow } from '../../db/schema.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';

const LISTED_MESSAGES = 50;

/**
 * The local stand-in for SMTP: each message is kept in `mail_outbox` and written to the log, so a developer
 * (or an end-to-end test) can read the email a real user would have received. Never used in production.
 */
export function createDevMailbox({ db, logger, from }: { db: Kysely<Database>; logger: Logger; from: string }): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message: MailMessage) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          from_address: from,
          to_address: message.to,
          reply_to: message.replyTo ?? null,
          subject: message.subject,
          text_body: message.text,
          headers: message.headers ? JSON.stringify(message.headers) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      logger.info({ mailId: row.id, to: message.to, subject: message.subject }, 'dev mailbox: message stored');
    },
  };
}

/** The newest messages, or the newest sent to `to` (an address, compared without case). */
export function listDevMailbox(db: Kysely<Database>, to?: string): Promise<MailOutboxRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (to) query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
  return query.orderBy('created_at', 'desc').limit(LISTED_MESSAGES).execute();
}
