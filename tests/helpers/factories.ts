import { randomUUID } from 'node:crypto';
import { TEST_ENTERPRISE_ID } from './test-hotel.ts';
import type { Kysely } from 'kysely';
import type { Database, NewListing } from '../../server/db/schema.ts';

const DAY_MS = 86_400_000;

export async function insertProfile(db: Kysely<Database>, fields: { firstName?: string; email?: string } = {}) {
  const id = randomUUID();
  await db
    .insertInto('profiles')
    .values({ id, email: fields.email ?? `${id.slice(0, 8)}@example.com`, first_name: fields.firstName ?? 'Ana' })
    .execute();
  return id;
}

/** A listing with its reservation; check-in `daysAhead` days after `now`, for `nights` nights. */
export async function insertListing(
  db: Kysely<Database>,
  sellerId: string,
  fields: Partial<NewListing> & { daysAhead?: number; nights?: number; now?: Date } = {},
) {
  const { daysAhead = 10, nights = 2, now = new Date(), ...overrides } = fields;
  const start = new Date(now.getTime() + daysAhead * DAY_MS);
  const end = new Date(start.getTime() + nights * DAY_MS);
  const confirmation = `T-${randomUUID().slice(0, 8)}`;
  const reservation = await db
    .insertInto('reservations')
    .values({
      provider: 'demo',
      external_id: confirmation,
      confirmation_number: confirmation,
      start_utc: start,
      end_utc: end,
      hotel_name: 'Hotel Test',
      city: 'Lisbon',
      country_code: 'PT',
      state: 'Confirmed',
      owner_id: sellerId,
      enterprise_id: TEST_ENTERPRISE_ID,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('listings')
    .values({
      seller_id: sellerId,
      reservation_id: reservation.id,
      title: 'Double Room',
      price_cents: 12_000,
      city: 'Lisbon',
      country: 'Portugal',
      hotel_name: 'Hotel Test',
      latitude: 38.72,
      longitude: -9.14,
      start_utc: start,
      end_utc: end,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}
