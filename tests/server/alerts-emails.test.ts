import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchListingChange } from '../../server/alerts/match-listing-change.ts';
import { signUnsubscribeToken } from '../../server/alerts/unsubscribe-token.ts';
import { personWithSearch, runAlertJobs, testAlertDeps } from '../helpers/alerts.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { manualClock, signedInUser, startSellingServer, type SellingServer } from '../helpers/selling.ts';

const time = manualClock(new Date('2026-11-23T10:00:00Z'));
let server: SellingServer;
let deps: ReturnType<typeof testAlertDeps>;
let sellerId: string;

beforeAll(async () => {
  server = await startSellingServer(time.clock);
  deps = testAlertDeps(server.database.db, time.clock, server.url, server.config.alertsSecret);
  sellerId = await insertProfile(server.database.db);
});
afterAll(() => server.close());

const listStay = (city: string, fields: Parameters<typeof insertListing>[2] = {}) =>
  insertListing(server.database.db, sellerId, { city, now: time.clock(), daysAhead: 20, ...fields });

async function mailTo(userId: string) {
  const rows = await server.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', `${userId.slice(0, 8)}@example.com`)
    .orderBy('created_at')
    .execute();
  return rows;
}

const link = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1];

describe('instant alerts', () => {
  it('emails the stay with its dates, price and link, and a one-click unsubscribe (RFC 8058 headers)', async () => {
    const { userId, searchId } = await personWithSearch(deps, { location: 'Ghent' });
    const listingId = await listStay('Ghent', { price_cents: 9_900, currency: 'EUR' });
    await matchListingChange(deps, { listingId, reason: 'new', previousPriceCents: null });
    await runAlertJobs(deps);
    await runAlertJobs(deps);

    const [mail, ...more] = await mailTo(userId);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('Ghent');
    expect(mail!.text_body).toContain('€99.00');
    expect(mail!.text_body).toMatch(/Check-in .*2026, check-out .*2026 \(2 nights\)/);
    expect(link(mail!.text_body, 'See the stay')).toBe(`${server.url}/listings/${listingId}`);
    const unsubscribe = link(mail!.text_body, 'Unsubscribe')!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The link needs no sign-in: GET shows the button, POST (the button, or a mail client) pauses the search.
    const page = await server.request(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    const posted = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('You will no longer receive alerts');
    const search = await server.database.db
      .selectFrom('saved_searches')
      .select('paused')
      .where('id', '=', searchId)
      .executeTakeFirstOrThrow();
    expect(search.paused).toBe(true);

    // Paused: the next stay there tells nobody.
    const next = await listStay('Ghent');
    await matchListingChange(deps, { listingId: next, reason: 'new', previousPriceCents: null });
    await runAlertJobs(deps);
    expect(await mailTo(userId)).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe token, changing nothing', async () => {
    const { searchId } = await personWithSearch(deps, { location: 'Bruges' });
    const forged = signUnsubscribeToken('someone-elses-secret-of-at-least-32-chars', { kind: 'search', id: searchId });
    const genuine = signUnsubscribeToken(deps.secret, { kind: 'search', id: searchId });
    const otherSearch = (await personWithSearch(deps, { location: 'Bruges' })).searchId;
    const swapped = genuine.replace(searchId, otherSearch);
    for (const token of [forged, swapped, 'garbage', '']) {
      const reply = await server.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toContain('not valid');
    }
    const paused = await server.database.db
      .selectFrom('saved_searches')
      .select('paused')
      .where('id', 'in', [searchId, otherSearch])
      .execute();
    expect(paused.every((row) => !row.paused)).toBe(true);
  });

  it('starts from the listing change the seller makes through the API: a lower price, a resumed listing', async () => {
    const seller = await signedInUser();
    await server.database.db.insertInto('profiles').values({ id: seller.id, email: seller.email }).execute();
    const listingId = await insertListing(server.database.db, seller.id, {
      city: 'Antwerp',
      now: time.clock(),
      daysAhead: 20,
      status: 'inactive',
    });
    const { userId } = await personWithSearch(deps, { location: 'antwerp' });
    const put = (body: unknown) =>
      server.request(`/api/listings/${listingId}`, {
        method: 'PUT',
        headers: seller.headers,
        body: JSON.stringify(body),
      });

    expect((await put({ status: 'active' })).status).toBe(200);
    await runAlertJobs(deps);
    expect((await put({ listingPrice: 150 })).status).toBe(200);
    await runAlertJobs(deps);
    expect((await put({ listingPrice: 100 })).status).toBe(200);
    await runAlertJobs(deps);

    const subjects = (await mailTo(userId)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toContain('New stay');
    expect(subjects[1]).toMatch(/^Price drop: .*Antwerp now \$100\.00$/);
    expect((await mailTo(userId))[1]!.text_body).toContain('(was $150.00)');
  });
});

describe('the daily digest', () => {
  it("goes out once a day at the person's hour in their time zone, leaving out stays no longer for sale", async () => {
    // 09:00 in Lisbon (UTC+0 in winter) is 09:00 UTC; the clock shows 10:00, so the first digest is tomorrow.
    const { userId } = await personWithSearch(
      deps,
      { location: 'Leuven' },
      { frequency: 'daily', digestHour: 9, timeZone: 'Europe/Lisbon' },
    );
    const kept = await listStay('Leuven', { title: 'Kept Room' });
    const sold = await listStay('Leuven', { title: 'Held Room' });
    for (const listingId of [kept, sold])
      await matchListingChange(deps, { listingId, reason: 'new', previousPriceCents: null });
    await runAlertJobs(deps);
    await runAlertJobs(deps);
    expect(await mailTo(userId)).toEqual([]);

    await server.database.db.updateTable('listings').set({ status: 'reserved' }).where('id', '=', sold).execute();
    time.set(new Date('2026-11-24T09:00:00Z'));
    await runAlertJobs(deps);
    await runAlertJobs(deps);
    const [digest, ...more] = await mailTo(userId);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your Restay alerts: 1 stay for you today');
    expect(digest!.text_body).toContain('Kept Room');
    expect(digest!.text_body).not.toContain('Held Room');
    expect(digest!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const settings = await server.database.db
      .selectFrom('alert_settings')
      .select('next_digest_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(new Date(settings.next_digest_at).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });
});
