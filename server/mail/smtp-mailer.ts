import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465, as nodemailer reads it. */
  url: string;
  from: string;
}

/** The real adapter: hands every message to the SMTP relay in SMTP_URL. */
export function createSmtpMailer({ url, from }: SmtpOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
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
