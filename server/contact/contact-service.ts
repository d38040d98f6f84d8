import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { contactRequestSchema } from '../../contract/contact.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

type ContactMessage = z.output<typeof contactRequestSchema>;

export interface ContactDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  inbox: string;
  clock: () => Date;
}

/**
 * Stores the message, then tells the operator. The stored row is the record: if the notification fails the
 * visitor still gets their confirmation (their message is not lost) and the failure is logged for us to chase.
 */
export async function receiveContactMessage(
  { db, mailer, inbox, clock }: ContactDependencies,
  message: ContactMessage,
  log: Logger,
): Promise<{ id: string }> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      full_name: message.fullName,
      email: message.email,
      phone: message.phone,
      message: message.message,
      consented_at: clock(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  try {
    await mailer.send({
      to: inbox,
      replyTo: message.email,
      subject: `Contact form: ${message.fullName}`,
      text: [
        `New message from the Restay contact form (id ${row.id}).`,
        '',
        `Name:  ${message.fullName}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone}`,
        '',
        message.message || '(no message)',
      ].join('\n'),
    });
  } catch (error) {
    log.error({ err: error, contactMessageId: row.id }, 'contact notification could not be sent');
  }
  return { id: row.id };
}
