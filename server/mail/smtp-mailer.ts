import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465, as nodemailer reads it. */
  url: string;
  from: string;
  /** How long to wait for the relay at each step; SMTP_TIMEOUTS_MS unless a test needs a shorter wait. */
  timeoutsMs?: typeof SMTP_TIMEOUTS_MS;
}

/**
 * Seconds, not nodemailer's minutes (its socket time-out is ten): a relay that accepts the connection and then
 * says nothing would otherwise hold a job worker's slot, and the refunds queued behind the email, for that long.
 * A healthy relay greets and answers each command in well under a second.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The real adapter: hands every message to the SMTP relay in SMTP_URL. */
export function createSmtpMailer({
  url,
  from,
  timeoutsMs = SMTP_TIMEOUTS_MS,
}: SmtpOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url, ...timeoutsMs });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        headers: message.headers,
      });
    },
    close: () => transport.close(),
  };
}
