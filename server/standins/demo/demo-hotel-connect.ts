import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/transaction.ts';
import type { DemoPmsHotel, DemoPmsStay } from './demo-data.ts';
import { insertDemoPmsRows } from './demo-seed.ts';
import { addDemoHotelRows, emptyDemoPmsRows } from './demo-rows.ts';

/** What Mews knows of a hotel that has just connected Restay: what the integration event carries. */
export interface ConnectedDemoHotel {
  enterpriseId: string;
  serviceId: string;
  name: string;
  accessToken: string;
  /** Its reservations' confirmation numbers and guests' emails, for the tester to import. */
  stays: { number: string; email: string; channel: 'direct' | 'ota' }[];
}

/**
 * A new demo hotel, as if a hotel on Mews had just clicked "Connect" on Restay in the Mews Marketplace: its own
 * enterprise and access token, two room types, the usual rates in rate groups, and reservations made directly
 * with the hotel and through an online travel agency (channel manager), far enough ahead to be resold and one
 * inside a week. Never one of the seeded hotels: it starts with resale off like any hotel that joins.
 */
export async function createConnectedDemoHotel(db: Executor, now: Date, name: string): Promise<ConnectedDemoHotel> {
  const code = randomBytes(3).toString('hex').toUpperCase();
  const slug = `hotel-${code.toLowerCase()}`;
  const guest = (n: number, firstName: string, lastName: string) => ({
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${n}@${slug}.example`,
  });
  const stays: DemoPmsStay[] = [
    { number: `${code}-1001`, guest: guest(1, 'Maria', 'Santos'), category: 0, checkInInDays: 21, nights: 3 },
    { number: `${code}-1002`, guest: guest(2, 'Tom', 'Baker'), category: 1, checkInInDays: 35, nights: 2 },
    {
      number: `${code}-2001`,
      guest: guest(3, 'Yuki', 'Tanaka'),
      category: 0,
      checkInInDays: 28,
      nights: 2,
      channelNumber: `BKG-${code}01`,
    },
    {
      number: `${code}-2002`,
      guest: guest(4, 'Lena', 'Fischer'),
      category: 1,
      checkInInDays: 42,
      nights: 4,
      channelNumber: `EXP-${code}02`,
      rate: 'nonRefundable',
    },
    { number: `${code}-1003`, guest: guest(5, 'Omar', 'Haddad'), category: 0, checkInInDays: 4, nights: 1 },
  ];
  const hotel: DemoPmsHotel = {
    accessToken: `DEMO-${randomBytes(16).toString('hex').toUpperCase()}`,
    name,
    addressLine1: 'Rua das Flores 12',
    postalCode: '4050-262',
    city: 'Porto',
    countryCode: 'PT',
    latitude: 41.1435,
    longitude: -8.6123,
    timeZone: 'Europe/Lisbon',
    currency: 'EUR',
    taxPercent: 6,
    taxCode: 'PT-2016-R',
    cityTaxPerNightCents: 300,
    categories: [
      { name: 'Double Room', shortName: 'DBL', type: 'Room', capacity: 2, nightlyCents: 14_000, rooms: ['101', '102'] },
      { name: 'Junior Suite', shortName: 'JST', type: 'Room', capacity: 3, nightlyCents: 23_000, rooms: ['201'] },
    ],
    stays,
  };
  const rows = emptyDemoPmsRows();
  const next = { category: 0, resource: 0, stay: 0, orderItem: 0 };
  const enterpriseId = addDemoHotelRows(rows, hotel, { n: 1, next, now, seeded: false, idOf: () => randomUUID() });
  await insertDemoPmsRows(db, rows);
  return {
    enterpriseId,
    serviceId: rows.enterprises[0]!.service_id,
    name,
    accessToken: hotel.accessToken,
    stays: stays.map((stay) => ({
      number: stay.number,
      email: stay.guest.email,
      channel: stay.channelNumber ? 'ota' : 'direct',
    })),
  };
}
