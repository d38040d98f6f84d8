import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { openEmbeddedTestDatabase } from '../helpers/test-database.ts';
import { DEMO_CITIES, DEMO_PROFILES, type DemoCity } from '../../server/standins/demo/seed-data.ts';
import { buildDemoRows, DEMO_HOTELS, resetDemoData, seedDemoData } from '../../server/standins/demo/seed.ts';
import { hasRate, STANDIN_RATES_PER_EUR } from '../../server/standins/stripe/balance.ts';
import { hotelDate } from '../../server/listings/stay-dates.ts';
import { chargeRefusal } from '../../contract/currencies.ts';

const hotelClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
const DAY_MS = 86_400_000;
const NOW = new Date('2026-03-10T21:30:00Z');

function cityOf(name: string, country: string): DemoCity | undefined {
  return Object.values(DEMO_CITIES).find((c) => c.name === name && c.country === country);
}

/** Great-circle distance in kilometres. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** A Kysely plugin that records the kind of every query sent through it. */
function queryRecorder(queries: string[]): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      queries.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

describe('demo data seed', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openEmbeddedTestDatabase();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('fills an empty marketplace with varied, valid demo listings', async () => {
    const result = await seedDemoData(handle.db, NOW);
    const listings = await handle.db.selectFrom('listings').selectAll().execute();
    const profiles = await handle.db.selectFrom('profiles').selectAll().execute();

    expect(result.listings).toBe(listings.length);
    expect(listings.length).toBeGreaterThanOrEqual(40);
    expect(listings.filter((l) => l.status === 'active').length).toBeGreaterThanOrEqual(35);
    expect(listings.filter((l) => l.status === 'inactive').length).toBeGreaterThanOrEqual(2);

    expect(profiles.length).toBeGreaterThanOrEqual(6);
    for (const p of profiles) {
      expect(p.email).toMatch(/^[a-z.]+@example\.com$/);
      expect(p.first_name && p.last_name && p.display_name).toBeTruthy();
    }

    const sold = listings.filter((l) => l.status === 'sold');
    expect(sold.length).toBeGreaterThanOrEqual(2);
    expect(sold.length).toBeLessThanOrEqual(3);
    const profileIds = new Set(profiles.map((p) => p.id));
    for (const l of sold) {
      expect(l.buyer_id).not.toBeNull();
      expect(l.buyer_id).not.toBe(l.seller_id);
      expect(profileIds.has(l.buyer_id!)).toBe(true);
    }
    for (const l of listings.filter((x) => x.status !== 'sold')) expect(l.buyer_id).toBeNull();

    const cities = new Set(listings.map((l) => l.city));
    expect(cities.size).toBeGreaterThanOrEqual(10);
    expect(cities).toContain('Zürich');
    expect(cities).toContain('São Paulo');
    const continents = new Set(listings.map((l) => cityOf(l.city, l.country)?.continent));
    expect(continents.has(undefined)).toBe(false);
    expect(continents.size).toBeGreaterThanOrEqual(3);

    for (const l of listings) {
      // Priced as hotels in the city price: in its currency, in whole amounts, below what the seller paid.
      const city = cityOf(l.city, l.country)!;
      expect(l.currency).toBe(city.currency);
      expect(l.price_cents % 100).toBe(0);
      expect(chargeRefusal(l.price_cents, l.currency)).toBeNull();
      expect(l.paid_cents).toBeGreaterThan(l.price_cents);

      const daysAhead = utcDay(l.start_utc) - utcDay(NOW);
      expect(daysAhead).toBeGreaterThanOrEqual(2);
      expect(daysAhead).toBeLessThanOrEqual(120);
      // Check-in at 15:00 and check-out at 11:00 on the hotel's own clock, on days counted there.
      expect(hotelClock(l.start_utc, l.time_zone)).toBe('15:00');
      expect(hotelClock(l.end_utc, l.time_zone)).toBe('11:00');
      const nights =
        (Date.parse(hotelDate(l.end_utc, l.time_zone)) - Date.parse(hotelDate(l.start_utc, l.time_zone))) / DAY_MS;
      expect(nights).toBeGreaterThanOrEqual(1);
      expect(nights).toBeLessThanOrEqual(7);

      expect(l.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(l.created_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 30 * DAY_MS);
      expect(l.updated_at.getTime()).toBeGreaterThanOrEqual(l.created_at.getTime());
      expect(l.updated_at.getTime()).toBeLessThanOrEqual(NOW.getTime());

      expect(l.title.length).toBeGreaterThan(0);
      expect(l.title).not.toContain(l.city);
      expect(l.description).toMatch(/[.!]$/);
      expect(l.location).toBeTruthy();
      expect(l.hotel_name).toBeTruthy();

      expect(l.latitude).toBeGreaterThanOrEqual(-90);
      expect(l.latitude).toBeLessThanOrEqual(90);
      expect(l.longitude).toBeGreaterThanOrEqual(-180);
      expect(l.longitude).toBeLessThanOrEqual(180);
      expect(distanceKm(l.latitude!, l.longitude!, city.latitude, city.longitude)).toBeLessThanOrEqual(3);

      expect(l.image_url).toMatch(/^\/images\/listings\/[a-z-]+\.svg$/);
      expect(existsSync(PUBLIC_DIR + l.image_url!.slice(1))).toBe(true);
    }

    // Pins must not sit on top of each other.
    const pins = new Set(listings.map((l) => `${l.latitude},${l.longitude}`));
    expect(pins.size).toBe(listings.length);
    // At least 12 distinct pictures across the marketplace.
    expect(new Set(listings.map((l) => l.image_url)).size).toBeGreaterThanOrEqual(12);
  });

  it('backs every listing with a confirmed demo reservation owned by its seller', async () => {
    const rows = await handle.db
      .selectFrom('listings')
      .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
      .innerJoin('profiles', 'profiles.id', 'listings.seller_id')
      .select([
        'listings.price_cents',
        'listings.paid_cents',
        'listings.start_utc',
        'listings.seller_id',
        'listings.city',
        'reservations.provider',
        'reservations.state',
        'reservations.confirmation_number',
        'reservations.external_id',
        'reservations.owner_id',
        'reservations.guest_email',
        'reservations.amount_paid_cents',
        'reservations.start_utc as reservation_start',
        'reservations.country_code',
        'reservations.city as reservation_city',
        'profiles.email',
      ])
      .execute();

    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.confirmation_number)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.external_id)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.provider).toBe('mews');
      expect(r.state).toBe('Confirmed');
      expect(r.confirmation_number).toMatch(/^RST-\d{6}$/);
      expect(r.owner_id).toBe(r.seller_id);
      expect(r.guest_email).toBe(r.email);
      expect(r.amount_paid_cents).toBeGreaterThan(r.price_cents);
      // The listing shows buyers what the demo seller paid the hotel, as the hotel's system has it.
      expect(r.paid_cents).toBe(r.amount_paid_cents);
      expect(r.reservation_start.getTime()).toBe(r.start_utc.getTime());
      expect(r.reservation_city).toBe(r.city);
      expect(r.country_code).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('inserts nothing when the marketplace already has listings', async () => {
    const before = await handle.db.selectFrom('listings').select('id').execute();
    expect(await seedDemoData(handle.db, NOW)).toEqual({ listings: 0 });
    const after = await handle.db.selectFrom('listings').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('asks a seeded database one question and writes nothing (a warm start)', async () => {
    const queries: string[] = [];
    expect(await seedDemoData(handle.db.withPlugin(queryRecorder(queries)), NOW)).toEqual({ listings: 0 });
    expect(queries).toHaveLength(1);
  });

  it('still stamps a marketplace reservation that names no hotel, as every start does', async () => {
    const { id } = await handle.db
      .updateTable('reservations')
      .set({ enterprise_id: null })
      .where('id', '=', handle.db.selectFrom('listings').select('reservation_id').limit(1))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await seedDemoData(handle.db, NOW)).toEqual({ listings: 0 });
    const { enterprise_id } = await handle.db
      .selectFrom('reservations')
      .select('enterprise_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(enterprise_id).not.toBeNull();
  });

  it('resets to the same demo data', async () => {
    const before = await handle.db.selectFrom('listings').select(['id', 'title']).orderBy('id').execute();
    await handle.db.updateTable('listings').set({ title: 'Changed by a test' }).execute();

    const result = await resetDemoData(handle.db, NOW);

    const after = await handle.db.selectFrom('listings').select(['id', 'title']).orderBy('id').execute();
    expect(result.listings).toBe(before.length);
    expect(after).toEqual(before);
    const profiles = await handle.db.selectFrom('profiles').select('id').execute();
    expect(profiles.length).toBe(DEMO_PROFILES.length);
    const reservations = await handle.db.selectFrom('reservations').select('id').execute();
    expect(reservations.length).toBe(before.length);
  });

  it("makes each demo seller a sign-in account under the seller's id, even an address that signed in before", async () => {
    const [first, second] = DEMO_PROFILES;
    // Signed in before accounts were seeded: an account of its own, under another id.
    await handle.db.deleteFrom('auth_users').where('email', '=', second!.email).execute();
    await handle.db
      .insertInto('auth_users')
      .values({ email: second!.email, provider: 'google', provider_subject: 'dev-earlier' })
      .execute();

    await resetDemoData(handle.db, NOW);

    const accounts = await handle.db.selectFrom('auth_users').select(['id', 'email']).execute();
    expect(accounts).toEqual(expect.arrayContaining(DEMO_PROFILES.map((p) => ({ id: p.id, email: p.email }))));
    expect(accounts.filter((a) => a.email === second!.email)).toHaveLength(1);
    expect(accounts.find((a) => a.email === first!.email)?.id).toBe(first!.id);
  });

  it('prices every stay in a currency the built-in test checkout can charge, so each can be bought', () => {
    const currencies = new Set(buildDemoRows(NOW).listings.flatMap((listing) => listing.currency ?? []));
    expect([...currencies].filter((currency) => !hasRate(currency, STANDIN_RATES_PER_EUR))).toEqual([]);
  });

  it('shows a view only where the stay’s city has it: no beach in Reykjavík, no opera house outside Sydney', () => {
    const VIEWS_OF: Record<string, readonly string[]> = {
      'sea-view-balcony': ['Barcelona', 'Cape Town'],
      'harbour-view': ['Sydney'],
      'table-mountain-view': ['Cape Town'],
      'aurora-lodge': ['Reykjavík'],
      'lake-view-room': ['Zürich'],
      'paris-balcony': ['Paris'],
      'riad-courtyard': ['Marrakech'],
      'ryokan-room': ['Tokyo', 'Kyoto'],
    };
    const misplaced = DEMO_HOTELS.flatMap((hotel) =>
      hotel.stays
        .filter((stay) => VIEWS_OF[stay.image] && !VIEWS_OF[stay.image]!.includes(hotel.city.name))
        .map((stay) => `${stay.image} for ${stay.title} in ${hotel.city.name}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('ships the pictures as titled 1200x800 SVGs under 15 KB, including the 3 card placeholders', () => {
    const dir = `${PUBLIC_DIR}images/listings/`;
    const files = readdirSync(dir).filter((name) => name.endsWith('.svg'));
    expect(files).toEqual(expect.arrayContaining(['placeholder-1.svg', 'placeholder-2.svg', 'placeholder-3.svg']));
    for (const name of files) {
      const svg = readFileSync(dir + name, 'utf8');
      expect(svg, name).toContain('viewBox="0 0 1200 800"');
      expect(svg, name).toMatch(/<title>[^<]+<\/title>/);
      expect(Buffer.byteLength(svg), name).toBeLessThan(15 * 1024);
    }
  });
});
