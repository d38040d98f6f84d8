import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueueJob } from '../../server/jobs/enqueue.ts';
import { defineJobType } from '../../server/jobs/job-type.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { createSmtpMailer, SMTP_TIMEOUTS_MS } from '../../server/mail/smtp-mailer.ts';
import { emailJob } from '../../server/orders/order-email-job.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server (RFC 5321) to receive one message at a time over plain TCP. */
function startSmtpListener(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          reply('250 test.local');
        } else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') {
          reply('250 ok');
        } else {
          reply('502 command not implemented');
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
});
afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

describe('the SMTP mail adapter', () => {
  it('delivers the message over SMTP with the configured sender, reply-to and body', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Restay <no-reply@restay.travel>' });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'hello@restay.travel',
      replyTo: 'ana@example.com',
      subject: 'Contact form: Ana Sousa',
      text: 'Name:  Ana Sousa\nPhone: +351 912 345 678',
    });
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toContain('<no-reply@restay.travel>');
    expect(mail!.to).toEqual(['<hello@restay.travel>']);
    expect(mail!.data).toMatch(/^Subject: Contact form: Ana Sousa$/m);
    expect(mail!.data).toMatch(/^Reply-To: ana@example.com$/m);
    expect(mail!.data).toMatch(/^From: Restay <no-reply@restay.travel>$/m);
    expect(mail!.data).toContain('Phone: +351 912 345 678');
  });

  it('carries extra headers such as the one-click unsubscribe pair of RFC 8058', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@restay.travel' });
    const url = 'https://restay.example/api/alerts/unsubscribe?token=abc';
    await mailer.send({
      to: 'ana@example.com',
      subject: 'New stay',
      text: 'A stay',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    mailer.close();

    const mail = smtp.received.at(-1)!;
    expect(mail.data).toMatch(/^List-Unsubscribe: <https:\/\/restay\.example\/api\/alerts\/unsubscribe\?token=abc>$/m);
    expect(mail.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('rejects when the relay cannot be reached', async () => {
    const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'no-reply@restay.travel' });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('gives up on a relay that accepts and never answers within seconds, so the refund queued behind the email runs', async () => {
    const stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const database = await createTestDatabase();
    // The production waits, scaled down so the test does not sit out ten seconds; their bound is asserted below.
    const timeoutsMs = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 1_000 };
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      from: 'no-reply@restay.travel',
      timeoutsMs,
    });
    try {
      const EMAIL = defineJobType('test.receipt_email', z.object({ orderId: z.string() }));
      const REFUND = defineJobType('test.refund', z.object({ orderId: z.string() }));
      const refunded: string[] = [];
      const logger = pino({ level: 'silent' });
      const registry = new JobRegistry()
        .register(
          EMAIL,
          emailJob(
            { mailer, logger },
            async ({ orderId }) => orderId,
            (orderId) => ({
              to: 'buyer@example.com',
              subject: `Your receipt for ${orderId}`,
              text: 'Thank you',
            }),
          ),
        )
        .register(REFUND, { maxAttempts: 20, run: async ({ orderId }) => void refunded.push(orderId) });
      const now = new Date('2026-05-01T10:00:00Z');
      await enqueueJob(database.db, EMAIL, 'order-1', { orderId: 'order-1' }, now);
      await enqueueJob(database.db, REFUND, 'order-2', { orderId: 'order-2' }, now, new Date(now.getTime() + 1));
      const started = Date.now();
      // One worker slot: the refund waits behind the email, as it would with every slot on a stalled relay.
      await runDueJobs({ db: database.db, clock: () => new Date(now.getTime() + 1), logger, registry, workerId: 'w' });
      const waited = Date.now() - started;
      expect(refunded).toEqual(['order-2']);
      expect(waited).toBeLessThan(timeoutsMs.greetingTimeout + 10_000);
      const email = await database.db.selectFrom('jobs').selectAll().where('kind', '=', EMAIL.kind).executeTakeFirst();
      expect(email).toMatchObject({
        state: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/greeting|timeout/i),
      });
    } finally {
      mailer.close();
      stalled.close();
      await database.dispose();
    }
  }, 60_000);

  it('waits seconds, not minutes, for a relay in production', () => {
    for (const waitMs of Object.values(SMTP_TIMEOUTS_MS)) expect(waitMs).toBeLessThanOrEqual(20_000);
  });
});
