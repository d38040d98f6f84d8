import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const mail = (to: string, subject: string, text: string) => ({
    from_address: 'Restay <no-reply@restay.travel>',
    to_address: to,
    reply_to: null,
    subject,
    text_body: text,
    headers: null,
  });
  await server.database.db
    .insertInto('mail_outbox')
    .values([
      mail('ana.silva@example.com', 'Your code', 'Open https://restay.test/my-listings?payouts=return&x=1. Thanks'),
      mail('Emma.Schneider@example.com', 'Set up payouts', 'Go to (http://localhost:3000/my-listings) now'),
      mail('eve@example.com', 'Tricks', 'javascript:alert(1) and https://x.test/"><script>alert(1)</script>'),
    ])
    .execute();
});
afterAll(() => server.close());

describe('the dev mailbox', () => {
  it('makes the http(s) addresses in a message links, escaped, without the punctuation around them', async () => {
    const page = (await server.request('/dev/mailbox')).body as string;
    expect(page).toContain(
      '<a href="https://restay.test/my-listings?payouts=return&amp;x=1" rel="noreferrer">https://restay.test/my-listings?payouts=return&amp;x=1</a>. Thanks',
    );
    expect(page).toContain('(<a href="http://localhost:3000/my-listings" rel="noreferrer">');
    // Only http(s) becomes a link, and an address ends before a quote or an angle bracket.
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('<a href="https://x.test/" rel="noreferrer">https://x.test/</a>&quot;&gt;&lt;script&gt;');
    expect(page).not.toContain('<script>alert');
  });

  it('filters by recipient, from a labelled field or a link on each message, without regard to case', async () => {
    const all = (await server.request('/dev/mailbox')).body as string;
    expect(all).toMatch(/<label for="to">Recipient<\/label><input id="to" name="to" type="email"/);
    expect(all).toContain('to <a href="?to=Emma.Schneider%40example.com">Emma.Schneider@example.com</a>');

    const filtered = (await server.request('/dev/mailbox?to=emma.schneider%40example.com')).body as string;
    expect(filtered).toContain('<h2>Set up payouts</h2>');
    expect(filtered).not.toContain('<h2>Your code</h2>');
    expect(filtered).not.toContain('<h2>Tricks</h2>');
    expect(filtered).toContain('value="emma.schneider@example.com"');
    expect(filtered).toContain('<a href="?">Show every recipient</a>');

    const json = await server.request('/dev/mailbox.json?to=ANA.SILVA@example.com');
    expect(json.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Your code']);
  });
});
