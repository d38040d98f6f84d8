import type { Kysely, Transaction } from 'kysely';
import type { Database, NewListing, NewProfile, NewReservation } from '../../db/schema.ts';
import { DEMO_PROFILES, demoUuid, localPriceCents, type DemoHotel } from './seed-data.ts';
import { AMERICAS_HOTELS } from './seed-hotels-americas.ts';
import { EUROPE_HOTELS } from './seed-hotels-europe.ts';
import { WORLD_HOTELS } from './seed-hotels-world.ts';
import { MARKETPLACE_TIME_ZONES, marketplaceReservationPmsId } from './demo-marketplace-rows.ts';
import { atLocalHour, CHECK_IN_HOUR, CHECK_OUT_HOUR } from './demo-rows.ts';
import { demoDataComplete, resetDemoPms, seedDemoPms, stampMarketplaceReservations } from './demo-seed.ts';

export const DEMO_HOTELS: readonly DemoHotel[] = [...EUROPE_HOTELS, ...AMERICAS_HOTELS, ...WORLD_HOTELS];

/** How many demo listings and demo PMS reservations a reset inserted. */
export interface DemoSeedCounts {
  listings: number;
  pmsReservations: number;
}

export interface DemoRows {
  profiles: NewProfile[];
  reservations: NewReservation[];
  listings: NewListing[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const METRES_PER_DEGREE = 111_320;
/** Demo confirmation numbers run RST-100001, RST-100002, ... (other demo PMS data should avoid this range). */
const FIRST_DEMO_NUMBER = 100_001;

/**
 * Inserts the demo sellers, their reservations and listings in one transaction, but only into an empty
 * marketplace: start-up calls this every time and it must never duplicate or touch real listings.
 */
export async function seedDemoData(db: Kysely<Database>, now = new Date()): Promise<{ listings: number }> {
  // A warm start: one read finds everything there. Only a start with something missing goes on.
  if (await demoDataComplete(db)) return { listings: 0 };
  return db.transaction().execute(async (trx) => {
    // The rows are built only when one side is empty: a start that only has stamping to do builds none.
    let rows: DemoRows | undefined;
    const demoRows = () => (rows ??= buildDemoRows(now));
    // The demo PMS fills itself on its own terms: a marketplace with listings may still have an empty demo PMS.
    await seedDemoPms(trx, now, demoRows);
    const existing = await trx.selectFrom('listings').select('id').limit(1).executeTakeFirst();
    const inserted = existing ? { listings: 0 } : await insertDemoData(trx, demoRows());
    // A data directory seeded before the stamp came after the rows still has them unstamped.
    await stampMarketplaceReservations(trx);
    return inserted;
  });
}

/** Empties the marketplace and the demo PMS and seeds both again (`npm run db:seed`); all or nothing. */
export async function resetDemoData(db: Kysely<Database>, now = new Date()): Promise<DemoSeedCounts> {
  return db.transaction().execute(async (trx) => {
    // Children before parents: listings point at reservations and profiles, reservations at profiles. Alert
    // notices name listings without a foreign key (migration 0116), so they go first, by hand.
    await trx.deleteFrom('alert_notices').execute();
    await trx.deleteFrom('listings').execute();
    await trx.deleteFrom('reservations').execute();
    await trx.deleteFrom('profiles').execute();
    const rows = buildDemoRows(now);
    // A demo seller's address signed in before under another id (before accounts were seeded) is seeded afresh.
    await trx
      .deleteFrom('auth_users')
      .where('email', 'in', demoEmails(rows))
      .where(
        'id',
        'not in',
        rows.profiles.map((p) => p.id),
      )
      .execute();
    const { reservations: pmsReservations } = await resetDemoPms(trx, now, rows);
    const inserted = await insertDemoData(trx, rows);
    await stampMarketplaceReservations(trx);
    return { ...inserted, pmsReservations };
  });
}

async function insertDemoData(trx: Transaction<Database>, rows: DemoRows): Promise<{ listings: number }> {
  // DO NOTHING on conflict: the ids are fixed, so an instance seeding at the same moment simply wins and
  // this one inserts nothing instead of failing start-up.
  await trx
    .insertInto('profiles')
    .values(rows.profiles)
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Each demo seller is also a sign-in account under the same id: signing in on the development sign-in page as
  // a seeded reservation's guest email opens that seller's My Listings (their stays, sales and payouts), so the
  // demo's emails to them ("open My Listings and press Set up payouts") can be followed. An address someone
  // already signed in with keeps its account (DO NOTHING); `npm run db:seed` makes it the demo seller's.
  await trx
    .insertInto('auth_users')
    .values(
      rows.profiles.map((p) => ({
        id: p.id,
        email: p.email!,
        provider: 'google',
        provider_subject: `demo-${p.id}`,
        created_at: p.created_at,
        updated_at: p.created_at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('reservations')
    .values(rows.reservations)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const inserted = await trx
    .insertInto('listings')
    .values(rows.listings)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return { listings: inserted.length };
}

const demoEmails = (rows: DemoRows) => rows.profiles.map((p) => p.email!);

/** The demo rows for a given `now`; deterministic apart from dates, which are relative to `now`. */
export function buildDemoRows(now: Date): DemoRows {
  const profiles: NewProfile[] = DEMO_PROFILES.map((p) => ({
    id: p.id,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    display_name: `${p.firstName} ${p.lastName}`,
    created_at: new Date(now.getTime() - 60 * DAY_MS),
  }));
  const reservations: NewReservation[] = [];
  const listings: NewListing[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  let index = 0;
  for (const hotel of DEMO_HOTELS) {
    hotel.stays.forEach((stay, stayInHotel) => {
      const i = index++;
      const number = FIRST_DEMO_NUMBER + i;
      const seller = DEMO_PROFILES[i % DEMO_PROFILES.length]!;
      const buyer = DEMO_PROFILES[(i + 3) % DEMO_PROFILES.length]!;
      // Check-ins spread over 2..120 days ahead (53 and 119 are coprime, so no two listings share a day).
      const checkInDay = 2 + ((i * 53 + 7) % 119);
      const nights = 1 + Math.floor(unitHash(i, 1) * 7);
      // At the hotel's own check-in and check-out hours: 15:00 in Kyoto is 06:00 UTC, not 15:00 UTC (which is
      // midnight there, and would put check-in on the day of check-out).
      const timeZone = MARKETPLACE_TIME_ZONES[hotel.city.name] ?? 'UTC';
      const startUtc = atLocalHour(today + checkInDay * DAY_MS, CHECK_IN_HOUR, timeZone);
      const endUtc = atLocalHour(today + (checkInDay + nights) * DAY_MS, CHECK_OUT_HOUR, timeZone);
      const createdAt = new Date(floorToMinute(now.getTime() - 2 * HOUR_MS - unitHash(i, 2) * 29.5 * DAY_MS));
      const updatedAt =
        stay.status === 'sold'
          ? new Date(floorToMinute(createdAt.getTime() + unitHash(i, 3) * (now.getTime() - createdAt.getTime())))
          : createdAt;
      const { latitude, longitude } = nudge(hotel.latitude, hotel.longitude, stayInHotel, i);
      // Priced as hotels in the city price: in its currency, in round amounts. What the seller originally paid is
      // 12-32 % above the asking price.
      const currency = hotel.city.currency;
      const priceCents = localPriceCents(stay.priceCents, currency);
      const amountPaidCents = localPriceCents(stay.priceCents * (1.12 + 0.2 * unitHash(i, 4)), currency);
      const reservationId = demoUuid(2, i + 1);

      reservations.push({
        id: reservationId,
        // Stored as every import of a Mews reservation is (the demo PMS speaks Mews), so proving and listing a
        // seeded reservation finds this row and its live listing. The demo PMS holds it under the same id.
        provider: 'mews',
        external_id: marketplaceReservationPmsId(i),
        confirmation_number: `RST-${number}`,
        start_utc: startUtc,
        end_utc: endUtc,
        resource_name: stay.title,
        hotel_name: hotel.name,
        address: hotel.address,
        city: hotel.city.name,
        country_code: hotel.city.countryCode,
        latitude,
        longitude,
        time_zone: timeZone,
        currency,
        amount_paid_cents: amountPaidCents,
        guest_email: seller.email,
        state: 'Confirmed',
        owner_id: seller.id,
        imported_at: createdAt,
      });
      listings.push({
        id: demoUuid(3, i + 1),
        seller_id: seller.id,
        reservation_id: reservationId,
        title: stay.title,
        description: stay.description,
        price_cents: priceCents,
        paid_cents: amountPaidCents,
        currency,
        status: stay.status ?? 'active',
        hotel_name: hotel.name,
        city: hotel.city.name,
        country: hotel.city.country,
        location: hotel.neighbourhood,
        latitude,
        longitude,
        image_url: `/images/listings/${stay.image}.svg`,
        // The demo hotel system names the stay's room type so and books each for two (demo-marketplace-rows.ts).
        room_type: stay.title,
        guests: 2,
        start_utc: startUtc,
        end_utc: endUtc,
        time_zone: timeZone,
        buyer_id: stay.status === 'sold' ? buyer.id : null,
        created_at: createdAt,
        updated_at: updatedAt,
      });
    });
  }
  return { profiles, reservations, listings };
}

/**
 * Moves the n-th stay of a hotel 60-200 m away from the hotel's point, in a direction that turns by the golden
 * angle per listing, so that rooms in the same hotel get distinct map pins without leaving the neighbourhood.
 */
function nudge(latitude: number, longitude: number, stayInHotel: number, index: number) {
  const metres = 60 + 70 * stayInHotel;
  const angle = index * 2.399963;
  const dLat = (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return { latitude: round6(latitude + dLat), longitude: round6(longitude + dLng) };
}

/** A fixed number in [0, 1) for (n, salt): the demo data must be identical on every run, so no Math.random. */
function unitHash(n: number, salt: number): number {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 2 ** 32;
}

function floorToMinute(ms: number): number {
  return Math.floor(ms / 60_000) * 60_000;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
