import type { NewProfile, NewReservation } from '../../db/schema.ts';
import { AMERICAS_HOTELS } from './seed-hotels-americas.ts';
import { EUROPE_HOTELS } from './seed-hotels-europe.ts';
import { WORLD_HOTELS } from './seed-hotels-world.ts';
import { pmsId } from './demo-ids.ts';
import { addDemoRates, emptyDemoPmsRows, type DemoPmsRows } from './demo-rows.ts';

/**
 * The demo marketplace's listed reservations also live in the demo PMS, at hotels of their own (one access
 * token each), so that everything the API later asks the PMS about a listed stay (re-reading it before payment,
 * handing it over) works for the demo listings exactly as for a freshly imported one.
 */

/**
 * The demo hotel refuses every owner change of the first marketplace reservation (its sale ends refunded), and
 * fails the second's twice with a 5xx before accepting (its transfer is retried, then goes through).
 */
const DEMO_TRANSFER_BEHAVIOURS: Record<number, 'refuse' | 'fail_twice'> = { 0: 'refuse', 1: 'fail_twice' };

/** Marketplace reservations are numbered from here among the demo PMS ids, clear of the bookable demo stays. */
const FIRST_MARKETPLACE_ID = 1000;

/** The marketplace hotels' time zones by city (the demo hotel system and the seeded reservations share them). */
export const MARKETPLACE_TIME_ZONES: Record<string, string> = {
  Zürich: 'Europe/Zurich',
  Lisbon: 'Europe/Lisbon',
  Paris: 'Europe/Paris',
  Barcelona: 'Europe/Madrid',
  Reykjavík: 'Atlantic/Reykjavik',
  'São Paulo': 'America/Sao_Paulo',
  'New York': 'America/New_York',
  'Mexico City': 'America/Mexico_City',
  Tokyo: 'Asia/Tokyo',
  Kyoto: 'Asia/Tokyo',
  Sydney: 'Australia/Sydney',
  'Cape Town': 'Africa/Johannesburg',
  Marrakech: 'Africa/Casablanca',
};

const MARKETPLACE_HOTELS = [...EUROPE_HOTELS, ...AMERICAS_HOTELS, ...WORLD_HOTELS];

/** The access token of a demo marketplace hotel in the demo PMS, fixed by its name. */
function marketplaceHotelToken(hotelName: string): string {
  const slug = hotelName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toUpperCase();
  return `DEMO-MKT-${slug}`;
}

export function marketplaceAccessTokens(): string[] {
  return MARKETPLACE_HOTELS.map((hotel) => marketplaceHotelToken(hotel.name));
}

/** The demo PMS id of the marketplace seed's n-th reservation (0-based): its `external_id`. */
export function marketplaceReservationPmsId(index: number): string {
  return pmsId('reservation', FIRST_MARKETPLACE_ID + index);
}

/**
 * Demo PMS rows for the marketplace seed's reservations: the same ids, numbers, dates, guests and amounts,
 * at the seed's hotels; each stay's title is its room category and no room is assigned yet.
 */
export function marketplaceDemoPmsRows(marketplace: {
  profiles: NewProfile[];
  reservations: NewReservation[];
}): DemoPmsRows {
  const rows = emptyDemoPmsRows();
  const enterpriseOf = new Map<string, { id: string; categories: Map<string, string>; rateId: string }>();
  const profileOf = new Map(marketplace.profiles.map((p) => [p.id, p]));

  marketplace.reservations.forEach((reservation, index) => {
    const n = FIRST_MARKETPLACE_ID + index;
    let enterprise = enterpriseOf.get(reservation.hotel_name);
    if (!enterprise) {
      const hotel = MARKETPLACE_HOTELS.find((h) => h.name === reservation.hotel_name);
      const e = FIRST_MARKETPLACE_ID + enterpriseOf.size;
      const enterpriseId = pmsId('enterprise', e);
      enterprise = { id: enterpriseId, categories: new Map(), rateId: addDemoRates(rows, enterpriseId, e).flexible };
      enterpriseOf.set(reservation.hotel_name, enterprise);
      rows.enterprises.push({
        id: enterprise.id,
        seeded: true,
        access_token: marketplaceHotelToken(reservation.hotel_name),
        service_id: pmsId('service', e),
        name: reservation.hotel_name,
        address_line1: reservation.address ?? reservation.hotel_name,
        postal_code: null,
        city: reservation.city ?? '',
        country_code: reservation.country_code ?? 'US',
        latitude: hotel?.latitude ?? reservation.latitude ?? 0,
        longitude: hotel?.longitude ?? reservation.longitude ?? 0,
        time_zone: reservation.time_zone ?? MARKETPLACE_TIME_ZONES[reservation.city ?? ''] ?? 'UTC',
        currency: reservation.currency ?? 'USD',
      });
    }
    const categoryName = reservation.resource_name ?? 'Room';
    let categoryId = enterprise.categories.get(categoryName);
    if (!categoryId) {
      categoryId = pmsId('category', FIRST_MARKETPLACE_ID + rows.categories.length);
      enterprise.categories.set(categoryName, categoryId);
      const shortName = categoryName.replace(/[^A-Z]/g, '').slice(0, 3) || 'RM';
      rows.categories.push({
        id: categoryId,
        enterprise_id: enterprise.id,
        name: categoryName,
        short_name: shortName,
        type: 'Room',
        capacity: 2,
      });
    }
    const owner = reservation.owner_id ? profileOf.get(reservation.owner_id) : undefined;
    rows.customers.push({
      id: pmsId('customer', n),
      enterprise_id: enterprise.id,
      first_name: owner?.first_name ?? null,
      last_name: owner?.last_name || 'Guest',
      email: reservation.guest_email ?? null,
    });
    const start = new Date(reservation.start_utc);
    rows.reservations.push({
      id: reservation.external_id,
      enterprise_id: enterprise.id,
      number: reservation.confirmation_number,
      state: 'Confirmed',
      origin: 'Distributor',
      rate_id: enterprise.rateId,
      channel_number: null,
      customer_id: pmsId('customer', n),
      category_id: categoryId,
      resource_id: null,
      adult_count: 2,
      scheduled_start_utc: reservation.start_utc,
      scheduled_end_utc: reservation.end_utc,
      // Booked a week before it was imported into the marketplace.
      created_utc: new Date(new Date(reservation.imported_at ?? start).getTime() - 7 * 86_400_000),
      cancelled_utc: null,
      transfer_behaviour: DEMO_TRANSFER_BEHAVIOURS[index] ?? null,
    });
    if (reservation.amount_paid_cents != null) {
      // The whole stay as one room charge, taxes included, as the marketplace seed records what was paid.
      rows.orderItems.push({
        id: pmsId('orderItem', 100_000 + index),
        reservation_id: reservation.external_id,
        type: 'SpaceOrder',
        accounting_state: 'Closed',
        unit_count: 1,
        currency: reservation.currency ?? 'USD',
        gross_cents: reservation.amount_paid_cents,
        net_cents: reservation.amount_paid_cents,
        tax_code: null,
        consumed_utc: start,
      });
    }
  });
  return rows;
}
