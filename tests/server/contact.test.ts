import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Every test starts with a fresh allowance; the rate-limit test spends it on purpose.
beforeEach(() => server.database.db.deleteFrom('rate_limits').execute());

const valid = {
  fullName: 'Ana Sousa',
  email: 'ana@example.com',
  phone: '+351 912 345 678',
  message: 'Can I list a reservation made through a travel agent?',
  consent: true,
};

const post = (body: unknown) =>
  server.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/contact', () => {
  it('stores the message, notifies the operator through the dev mailbox and answers 201 with the id', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });

    const row = await server.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      full_name: 'Ana Sousa',
      email: 'ana@example.com',
      phone: '+351 912 345 678',
      message: valid.message,
    });
    expect(row.consented_at).toBeInstanceOf(Date);

    const mailbox = await server.request('/dev/mailbox.json');
    expect(mailbox.status).toBe(200);
    const mail = mailbox.body.data.find((m: { text: string }) => m.text.includes(body.data.id));
    expect(mail).toMatchObject({
      to: 'hello@restay.travel',
      replyTo: 'ana@example.com',
      subject: 'Contact form: Ana Sousa',
    });
    expect(mail.text).toContain('+351 912 345 678');
    expect(mail.text).toContain(valid.message);

    const page = await server.request('/dev/mailbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('Contact form: Ana Sousa');
  });

  it('accepts a message without the optional message text, trimming the fields', async () => {
    const { status, body } = await post({ ...valid, fullName: '  Bo Li ', message: undefined });
    expect(status).toBe(201);
    const row = await server.database.db
      .selectFrom('contact_messages')
      .select(['full_name', 'message'])
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Bo Li', message: '' });
  });

  it('escapes visitor input on the dev mailbox page', async () => {
    await post({ ...valid, fullName: '<script>alert(1)</script>' });
    const page = await server.request('/dev/mailbox');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });

  it.each([
    ['fullName', { fullName: '   ' }],
    ['fullName', { fullName: 'x'.repeat(101) }],
    ['fullName', { fullName: 'Ana\r\nBcc: spam@example.com' }],
    ['fullName', { fullName: undefined }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: '' }],
    ['email', { email: `${'a'.repeat(250)}@example.com` }],
    ['phone', { phone: '12' }],
    ['phone', { phone: 'call me maybe' }],
    ['phone', { phone: '' }],
    ['phone', { phone: '+1 234 567 890 123 456 789' }],
    ['message', { message: 'x'.repeat(2_001) }],
    ['consent', { consent: false }],
    ['consent', { consent: 'yes' }],
    ['consent', { consent: undefined }],
  ])('refuses an invalid %s with 400 VALIDATION_ERROR naming it (%j)', async (field, change) => {
    const { status, body } = await post({ ...valid, ...change });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details.map((d: { field: string }) => d.field)).toEqual([field]);
  });

  it('refuses a body that is not an object', async () => {
    const { status, body } = await post('"hello"');
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses an oversized body with 413 PAYLOAD_TOO_LARGE and stores nothing', async () => {
    const before = await countMessages();
    const { status, body } = await post({ ...valid, message: 'x'.repeat(120_000) });
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(await countMessages()).toBe(before);
  });

  it('allows 5 messages per client in 10 minutes, then answers 429 RATE_LIMITED', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid)).status).toBe(201);
    const before = await countMessages();
    const { status, body, headers } = await post(valid);
    expect(status).toBe(429);
    expect(body).toEqual({ success: false, error: expect.any(String), code: 'RATE_LIMITED' });
    expect(headers.get('ratelimit-policy')).toContain('q=5; w=600');
    expect(await countMessages()).toBe(before);
  });

  it('keeps the counters in the database, where every API instance sees them', async () => {
    await post(valid);
    const rows = await server.database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toEqual([{ key: expect.stringMatching(/^contact:/), hits: 1, reset_at: expect.any(Date) }]);
  });
});

async function countMessages() {
  const row = await server.database.db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
