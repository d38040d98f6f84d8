/**
 * The demo PMS's bookable hotels and reservations: six hotels on four continents, each its own "enterprise" with
 * its own access token, as in Mews. Confirmation numbers are easy to type; guest emails are simple (the
 * development sign-in page accepts any email). demo-rows.ts dates every stay from the moment of seeding.
 */

import { marketplaceAccessTokens } from './demo-marketplace-rows.ts';

/** The client token of the demo PMS (in Mews, the token Mews issues to Restay). */
export const DEMO_MEWS_CLIENT_TOKEN = 'DEMO-RESTAY-CLIENT-3F9A6C1E7B2D4E0F9A1B';

export type DemoPmsState = 'Confirmed' | 'Started' | 'Canceled';

export interface DemoPmsStay {
  number: string;
  guest: { firstName: string; lastName: string; email: string; otaEmail?: boolean };
  /** Index into the hotel's categories. */
  category: number;
  /** The assigned room's name, when one is assigned. */
  room?: string;
  /** Check-in this many days after the data is created (negative: the stay has begun). */
  checkInInDays: number;
  nights: number;
  /** Adults staying; 2 unless said. */
  adults?: number;
  state?: DemoPmsState;
  /** An OTA booking: its channel reference and where it came from. */
  channelNumber?: string;
  /** A breakfast the guest added and then cancelled: an order item the price must not count. */
  cancelledExtraCents?: number;
  /** The rate booked; Flexible unless said. */
  rate?: 'flexible' | 'nonRefundable' | 'corporate';
}

export interface DemoPmsHotel {
  accessToken: string;
  name: string;
  addressLine1: string;
  postalCode: string;
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  currency: string;
  /** The VAT (or sales tax) included in every gross price, and its Mews-style tax rate code. */
  taxPercent: number;
  taxCode: string;
  /** Per night, per stay; 0 where the city charges none. */
  cityTaxPerNightCents: number;
  categories: {
    name: string;
    shortName: string;
    type: string;
    capacity: number;
    nightlyCents: number;
    rooms: string[];
  }[];
  stays: DemoPmsStay[];
}

export const DEMO_PMS_HOTELS: readonly DemoPmsHotel[] = [
  {
    accessToken: 'DEMO-LIS-7A1C2E9B4F604D3B8E51C0A9D2F7E613',
    name: 'Casa do Tejo Hotel',
    addressLine1: 'Rua da Prata 80',
    postalCode: '1100-415',
    city: 'Lisbon',
    countryCode: 'PT',
    latitude: 38.7107,
    longitude: -9.1366,
    timeZone: 'Europe/Lisbon',
    currency: 'EUR',
    taxPercent: 6,
    taxCode: 'PT-2016-R',
    cityTaxPerNightCents: 400,
    categories: [
      { name: 'Double Deluxe', shortName: 'DBL', type: 'Room', capacity: 2, nightlyCents: 14_500, rooms: ['204'] },
      { name: 'Junior Suite', shortName: 'JS', type: 'Suite', capacity: 3, nightlyCents: 21_900, rooms: ['301'] },
    ],
    stays: [
      {
        number: 'LIS-48213',
        guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana.silva@example.com' },
        category: 0,
        room: '204',
        checkInInDays: 12,
        nights: 3,
        cancelledExtraCents: 3_600,
      },
      {
        number: 'LIS-51870',
        guest: { firstName: 'Lucas', lastName: 'Oliveira', email: 'lucas.oliveira@example.com' },
        category: 1,
        checkInInDays: 40,
        nights: 4,
      },
    ],
  },
  {
    accessToken: 'DEMO-PRG-2B8D5F1A9C3E4A7B9D0E6F2C8A4B1D57',
    name: 'Hotel Vltava Prague',
    addressLine1: 'Vodičkova 12',
    postalCode: '110 00',
    city: 'Prague',
    countryCode: 'CZ',
    latitude: 50.0811,
    longitude: 14.425,
    timeZone: 'Europe/Prague',
    currency: 'CZK',
    taxPercent: 12,
    taxCode: 'CZ-2024-R',
    cityTaxPerNightCents: 5_000,
    categories: [
      {
        name: 'Superior Double',
        shortName: 'SUP',
        type: 'Room',
        capacity: 2,
        nightlyCents: 320_000,
        rooms: ['112', '114'],
      },
      { name: 'Family Room', shortName: 'FAM', type: 'Room', capacity: 4, nightlyCents: 450_000, rooms: ['220'] },
    ],
    stays: [
      {
        number: 'PRG-30457',
        guest: { firstName: 'Tomáš', lastName: 'Novák', email: 'tomas.novak@example.com' },
        category: 0,
        room: '112',
        checkInInDays: 20,
        nights: 2,
      },
      {
        number: 'PRG-62194',
        guest: { firstName: 'Eva', lastName: 'Dvořák', email: 'eva.dvorak@example.com' },
        category: 1,
        checkInInDays: 30,
        nights: 3,
        adults: 3,
        state: 'Canceled',
      },
    ],
  },
  {
    accessToken: 'DEMO-NYC-9E4A1C7F3B2D4C8E8A6B5D0F1E2C3A94',
    name: 'Hudson Park Hotel',
    addressLine1: '250 West 55th Street',
    postalCode: '10019',
    city: 'New York',
    countryCode: 'US',
    latitude: 40.765,
    longitude: -73.983,
    timeZone: 'America/New_York',
    currency: 'USD',
    taxPercent: 14.75,
    taxCode: 'US-NY-NYC',
    cityTaxPerNightCents: 350,
    categories: [
      { name: 'King Room', shortName: 'KNG', type: 'Room', capacity: 2, nightlyCents: 28_900, rooms: ['1408', '1512'] },
      { name: 'Queen Studio', shortName: 'QST', type: 'Apartment', capacity: 2, nightlyCents: 24_500, rooms: ['905'] },
    ],
    stays: [
      {
        number: 'NYC-70315',
        guest: { firstName: 'James', lastName: 'Carter', email: 'james.carter@example.com' },
        category: 0,
        room: '1512',
        checkInInDays: 9,
        nights: 2,
      },
      {
        number: 'NYC-84426',
        guest: { firstName: 'Emily', lastName: 'Brooks', email: 'emily.brooks@example.com' },
        category: 1,
        room: '905',
        checkInInDays: -1,
        nights: 4,
        adults: 1,
        state: 'Started',
      },
    ],
  },
  {
    accessToken: 'DEMO-MEX-5C2E8A4B1D7F4E9A8C3B6D2F0A1E5C68',
    name: 'Hotel Jardín Reforma',
    addressLine1: 'Paseo de la Reforma 325',
    postalCode: '06500',
    city: 'Mexico City',
    countryCode: 'MX',
    latitude: 19.427,
    longitude: -99.1677,
    timeZone: 'America/Mexico_City',
    currency: 'MXN',
    taxPercent: 16,
    taxCode: 'MX-IVA',
    cityTaxPerNightCents: 0,
    categories: [
      { name: 'Deluxe King', shortName: 'DLK', type: 'Room', capacity: 2, nightlyCents: 245_000, rooms: ['402'] },
      { name: 'Junior Suite', shortName: 'JRS', type: 'Suite', capacity: 3, nightlyCents: 389_000, rooms: ['610'] },
    ],
    stays: [
      {
        number: 'MEX-25961',
        guest: { firstName: 'Sofía', lastName: 'Hernández', email: 'sofia.hernandez@example.com' },
        category: 0,
        checkInInDays: 16,
        nights: 3,
      },
      {
        number: 'MEX-39078',
        guest: { firstName: 'Daniel', lastName: 'Ruiz', email: 'guest-8f3k@guest.booking.com', otaEmail: true },
        category: 1,
        room: '610',
        checkInInDays: 25,
        nights: 2,
        channelNumber: '4129384756',
      },
    ],
  },
  {
    accessToken: 'DEMO-TYO-3D7B9E1F5A2C4B6D9E8F1A0C2B4D6E81',
    name: 'Sumida Riverside Hotel',
    addressLine1: '2-1-3 Kaminarimon, Taito City',
    postalCode: '111-0034',
    city: 'Tokyo',
    countryCode: 'JP',
    latitude: 35.7107,
    longitude: 139.7963,
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    taxPercent: 10,
    taxCode: 'JP-2019-S',
    cityTaxPerNightCents: 20_000,
    categories: [
      { name: 'Moderate Twin', shortName: 'TWN', type: 'Room', capacity: 2, nightlyCents: 2_450_000, rooms: ['1103'] },
      { name: 'Corner Double', shortName: 'CDB', type: 'Room', capacity: 2, nightlyCents: 3_100_000, rooms: ['1207'] },
    ],
    stays: [
      {
        number: 'TYO-51642',
        guest: { firstName: 'Yuki', lastName: 'Tanaka', email: 'yuki.tanaka@example.com' },
        category: 1,
        room: '1207',
        checkInInDays: 35,
        nights: 5,
      },
      {
        number: 'TYO-67305',
        guest: { firstName: 'Liam', lastName: 'Walsh', email: 'liam.walsh@example.com' },
        category: 0,
        checkInInDays: 60,
        nights: 3,
      },
    ],
  },
  {
    accessToken: 'DEMO-SYD-8F1B3D5A7C9E4F2A6B8C0D1E3F5A7B92',
    name: 'Harbour Lights Hotel',
    addressLine1: '88 George Street, The Rocks',
    postalCode: '2000',
    city: 'Sydney',
    countryCode: 'AU',
    latitude: -33.86,
    longitude: 151.209,
    timeZone: 'Australia/Sydney',
    currency: 'AUD',
    taxPercent: 10,
    taxCode: 'AU-GST',
    cityTaxPerNightCents: 0,
    categories: [
      { name: 'Harbour View King', shortName: 'HVK', type: 'Room', capacity: 2, nightlyCents: 39_500, rooms: ['1801'] },
      { name: 'Deluxe Twin', shortName: 'DTW', type: 'Room', capacity: 2, nightlyCents: 26_500, rooms: ['1204'] },
    ],
    stays: [
      {
        number: 'SYD-12873',
        guest: { firstName: 'Olivia', lastName: 'Bennett', email: 'olivia.bennett@example.com' },
        category: 0,
        room: '1801',
        checkInInDays: 22,
        nights: 4,
      },
      {
        number: 'SYD-90541',
        guest: { firstName: 'Jack', lastName: 'Wilson', email: 'jack.wilson@example.com' },
        category: 1,
        checkInInDays: 75,
        nights: 2,
      },
    ],
  },
];

/**
 * The access tokens of every demo PMS hotel, the bookable demo hotels first (the ones testers look up):
 * configure the Mews adapter with these against the demo PMS.
 */
export function demoMewsAccessTokens(): string[] {
  return [...DEMO_PMS_HOTELS.map((hotel) => hotel.accessToken), ...marketplaceAccessTokens()];
}
