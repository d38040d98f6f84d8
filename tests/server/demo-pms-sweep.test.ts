import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoRows } from '../../server/standins/demo/seed.ts';
import { DEMO_PMS_HOTELS } from '../../server/standins/demo/demo-data.ts';
import { startDemoPms } from '../helpers/demo-pms-fixture.ts';

/**
 * Every demo reservation read back through the real Mews adapter over HTTP: the demo PMS's own stays and every
 * stay behind a seeded listing, hundreds of round trips in all. In the system tier because the sweep takes seconds
 * alone and many more on a busy 2-core runner; demo-pms.test.ts (system tier too, since each file seeds the whole
 * demo) keeps the demo PMS's rules, one case each.
 */

const NOW = new Date('2026-03-10T21:30:00Z');
const DAY_MS = 86_400_000;
const STAYS = DEMO_PMS_HOTELS.flatMap((hotel) => hotel.stays.map((stay) => ({ hotel, stay })));
/** The marketplace seed's reservations, which the demo PMS holds too. */
const LISTED = buildDemoRows(NOW).reservations;

let fixture: Awaited<ReturnType<typeof startDemoPms>>;

beforeAll(async () => {
  fixture = await startDemoPms(NOW, []);
});

afterAll(async () => {
  await fixture?.stop();
});

describe('the Mews adapter against the demo PMS, every reservation', () => {
  it('round-trips every demo reservation, by confirmation number and by id', async () => {
    for (const { hotel, stay } of STAYS) {
      const found = await fixture.pms.findByConfirmationNumber(stay.number);
      const category = hotel.categories[stay.category]!;
      const charged =
        stay.state === 'Canceled'
          ? category.nightlyCents
          : stay.nights * (category.nightlyCents + hotel.cityTaxPerNightCents);
      expect(found, stay.number).toMatchObject({
        confirmationNumber: stay.number,
        state: { Canceled: 'cancelled', Started: 'started', Confirmed: 'confirmed' }[stay.state ?? 'Confirmed'],
        guest: {
          email: stay.guest.email,
          isOtaRelay: stay.guest.otaEmail ?? false,
          firstName: stay.guest.firstName,
          lastName: stay.guest.lastName,
        },
        roomName: stay.room ? `${category.name}, room ${stay.room}` : category.name,
        guests: stay.adults ?? 2,
        hotel: {
          name: hotel.name,
          addressLine: hotel.addressLine1,
          city: hotel.city,
          countryCode: hotel.countryCode,
          latitude: hotel.latitude,
          longitude: hotel.longitude,
          timeZone: hotel.timeZone,
        },
        currency: hotel.currency,
        amountPaidCents: charged,
        roomImageUrls: [],
      });
      expect(Math.round((found!.endUtc.getTime() - found!.startUtc.getTime()) / DAY_MS), stay.number).toBe(stay.nights);
      expect(await fixture.pms.findByExternalId(found!.externalId)).toEqual(found);
    }
    expect(await fixture.pms.findByConfirmationNumber('LIS-00000')).toBeNull();
    expect(await fixture.pms.findByExternalId('90000000-0000-4000-8000-999999999999')).toBeNull();
  });

  // Re-reads every seeded stay over HTTP, each asking the demo hotels in turn: seconds alone, more on a busy runner.
  it('holds every reservation behind a seeded listing, so the API can re-read it by its id', async () => {
    const listed = await fixture.database.db
      .selectFrom('listings')
      .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
      .select([
        'reservations.external_id',
        'reservations.confirmation_number',
        'reservations.start_utc',
        'reservations.end_utc',
        'reservations.guest_email',
        'reservations.hotel_name',
        'reservations.city',
        'reservations.resource_name',
        'reservations.currency',
        'reservations.amount_paid_cents',
      ])
      .execute();
    expect(listed).toHaveLength(LISTED.length);
    for (const row of listed) {
      const found = await fixture.pms.findByExternalId(row.external_id);
      expect(found, row.confirmation_number).toMatchObject({
        externalId: row.external_id,
        confirmationNumber: row.confirmation_number,
        state: 'confirmed',
        startUtc: row.start_utc,
        endUtc: row.end_utc,
        guest: { email: row.guest_email, isOtaRelay: false },
        roomName: row.resource_name,
        hotel: { name: row.hotel_name, city: row.city, timeZone: expect.stringMatching(/^[A-Z][a-z]+\//) },
        currency: row.currency,
        amountPaidCents: row.amount_paid_cents,
      });
    }
    expect(await fixture.pms.findByConfirmationNumber(listed[0]!.confirmation_number)).toMatchObject({
      externalId: listed[0]!.external_id,
    });
  }, 60_000);
});
