import type { Logger } from 'pino';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import type { JobAttempt, JobHandler } from '../jobs/registry.ts';

/** Emails are retried for about a day (12 attempts, the back-off doubling up to an hour). */
const EMAIL_ATTEMPTS = 12;
/** One email's run, the mailer's own time-outs (seconds) included, is given up after a minute at most. */
const EMAIL_TIME_LIMIT_MS = 60_000;

/**
 * The handler of a job that sends one email about the thing its payload names: it loads what the email says,
 * builds the message and sends it. A build that answers null has nobody to write to (or nothing to say yet);
 * retrying would not change that, so it is logged and the job ends. Sending again after a crash is the mailer's
 * usual at-least-once.
 */
export function emailJob<Payload extends object, Facts>(
  deps: { mailer: Mailer; logger: Logger },
  load: (payload: Payload) => Promise<Facts>,
  build: (facts: Facts) => MailMessage | null,
): JobHandler<Payload> {
  return {
    maxAttempts: EMAIL_ATTEMPTS,
    timeoutMs: EMAIL_TIME_LIMIT_MS,
    run: async (payload: Payload, { job }: JobAttempt) => {
      const message = build(await load(payload));
      if (message) await deps.mailer.send(message);
      else deps.logger.warn({ payload, kind: job.kind }, 'an email has nobody to go to; not sent');
    },
  };
}

/** An email about an order (its payload `{ orderId }`), as `emailJob`. */
export function orderEmailJob<Facts>(
  deps: { mailer: Mailer; logger: Logger },
  load: (orderId: string) => Promise<Facts>,
  build: (facts: Facts) => MailMessage | null,
): JobHandler<{ orderId: string }> {
  return emailJob(deps, ({ orderId }: { orderId: string }) => load(orderId), build);
}
