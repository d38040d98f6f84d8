import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { createDevMailbox } from './dev-mailbox.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { MailMessage, Mailer } from './mailer.ts';

/** Configuration picks the adapter once, at start-up: SMTP when SMTP_URL is set, else the dev mailbox. */
export function createMailer(config: Config, db: Kysely<Database>, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  if (!config.standInsAllowed)
    throw new Error('SMTP_URL is required: the dev mailbox may not run with this configuration');
  return createDevMailbox(db, logger, config.mailFrom);
}
