import type { Insertable } from 'kysely';
import type {
  DemoPmsCustomersTable,
  DemoPmsEnterprisesTable,
  DemoPmsOrderItemsTable,
  DemoPmsReservationsTable,
  DemoPmsResourceCategoriesTable,
  DemoPmsResourcesTable,
  DemoPmsRateGroupsTable,
  DemoPmsRatesTable,
} from '../../db/schema.ts';
import { instantAtWallClock } from '../../time-zones.ts';
import { pmsId } from './demo-ids.ts';
import { DEMO_PMS_HOTELS, type DemoPmsHotel, type DemoPmsStay } from './demo-data.ts';

export interface DemoPmsRows {
  enterprises: Insertable<DemoPmsEnterprisesTable>[];
  rateGroups: Insertable<DemoPmsRateGroupsTable>[];
  rates: Insertable<DemoPmsRatesTable>[];
  categories: Insertable<DemoPmsResourceCategoriesTable>[];
  resources: Insertable<DemoPmsResourcesTable>[];
  customers: Insertable<DemoPmsCustomersTable>[];
  reservations: Insertable<DemoPmsReservationsTable>[];
  orderItems: Insertable<DemoPmsOrderItemsTable>[];
}

const DAY_MS = 86_400_000;
export const CHECK_IN_HOUR = 15;
export const CHECK_OUT_HOUR = 11;

/** A set of demo PMS rows with none in it yet, for a builder to fill. */
export function emptyDemoPmsRows(): DemoPmsRows {
  return {
    enterprises: [],
    rateGroups: [],
    rates: [],
    categories: [],
    resources: [],
    customers: [],
    reservations: [],
    orderItems: [],
  };
}

/** Names a demo PMS row: its kind and its number among the rows of that kind. */
type IdOf = typeof pmsId;

/** How far each kind of row is numbered, across the hotels of one build. */
interface RowCounters {
  category: number;
  resource: number;
  stay: number;
  orderItem: number;
}

/** Every demo PMS row for a given `now`: stays start on days counted from `now`, at the hotel's own check-in hour. */
export function buildDemoPmsRows(now: Date): DemoPmsRows {
  const rows = emptyDemoPmsRows();
  const next = { category: 0, resource: 0, stay: 0, orderItem: 0 };
  DEMO_PMS_HOTELS.forEach((hotel, h) => addDemoHotelRows(rows, hotel, { n: h + 1, next, now, seeded: true }));
  return rows;
}

/**
 * One demo hotel's rows: the enterprise, its rates, rooms, guests, reservations and order items. The seeded
 * hotels' ids are fixed (numbered by `n` and `next`); a hotel connected later passes `idOf` for ids of its own.
 */
export function addDemoHotelRows(
  rows: DemoPmsRows,
  hotel: DemoPmsHotel,
  options: { n: number; next: RowCounters; now: Date; seeded: boolean; idOf?: IdOf },
): string {
  const { n: hotelNumber, next, now, seeded, idOf = pmsId } = options;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const enterpriseId = idOf('enterprise', hotelNumber);
  rows.enterprises.push({
    id: enterpriseId,
    seeded,
    access_token: hotel.accessToken,
    service_id: idOf('service', hotelNumber),
    name: hotel.name,
    address_line1: hotel.addressLine1,
    postal_code: hotel.postalCode,
    city: hotel.city,
    country_code: hotel.countryCode,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    time_zone: hotel.timeZone,
    currency: hotel.currency,
  });
  const rateIds = addDemoRates(rows, enterpriseId, hotelNumber, idOf);
  const categoryIds: string[] = [];
  const resourceIds = new Map<string, string>();
  for (const category of hotel.categories) {
    const categoryId = idOf('category', ++next.category);
    categoryIds.push(categoryId);
    const { name, shortName, type, capacity } = category;
    rows.categories.push({
      id: categoryId,
      enterprise_id: enterpriseId,
      name,
      short_name: shortName,
      type,
      capacity,
    });
    for (const room of category.rooms) {
      const resourceId = idOf('resource', ++next.resource);
      resourceIds.set(room, resourceId);
      // Room numbers start with their floor, as in most hotels.
      const floor = room.slice(0, -2) || '0';
      rows.resources.push({
        id: resourceId,
        enterprise_id: enterpriseId,
        category_id: categoryId,
        name: room,
        floor_number: floor,
      });
    }
  }

  for (const stay of hotel.stays) {
    const n = ++next.stay;
    const reservationId = idOf('reservation', n);
    const customerId = idOf('customer', n);
    const startUtc = atLocalHour(today + stay.checkInInDays * DAY_MS, CHECK_IN_HOUR, hotel.timeZone);
    const endUtc = atLocalHour(today + (stay.checkInInDays + stay.nights) * DAY_MS, CHECK_OUT_HOUR, hotel.timeZone);
    const createdUtc = new Date(Math.min(startUtc.getTime(), today) - (30 + n) * DAY_MS);
    const cancelled = stay.state === 'Canceled';
    rows.customers.push({
      id: customerId,
      enterprise_id: enterpriseId,
      first_name: stay.guest.firstName,
      last_name: stay.guest.lastName,
      email: stay.guest.email,
      has_ota_email: stay.guest.otaEmail ?? false,
    });
    rows.reservations.push({
      id: reservationId,
      enterprise_id: enterpriseId,
      number: stay.number,
      state: stay.state ?? 'Confirmed',
      origin: stay.channelNumber ? 'ChannelManager' : 'Distributor',
      rate_id: stay.rate ? rateIds[stay.rate] : rateIds.flexible,
      channel_number: stay.channelNumber ?? null,
      customer_id: customerId,
      category_id: categoryIds[stay.category]!,
      resource_id: stay.room ? resourceIds.get(stay.room)! : null,
      adult_count: stay.adults ?? 2,
      scheduled_start_utc: startUtc,
      scheduled_end_utc: endUtc,
      created_utc: createdUtc,
      // Cancelled a week after booking.
      cancelled_utc: cancelled ? new Date(createdUtc.getTime() + 7 * DAY_MS) : null,
    });
    for (const item of orderItemsOf(hotel, stay, startUtc)) {
      rows.orderItems.push({ id: idOf('orderItem', ++next.orderItem), reservation_id: reservationId, ...item });
    }
  }
  return enterpriseId;
}

/**
 * A demo hotel's rates, in two rate groups as Mews hotels usually keep them: the public "Flexible" (every demo
 * booking's) and "Non-refundable", and the negotiated "Corporate". `n` numbers the hotel (ids stay fixed unless
 * `idOf` names them otherwise).
 */
export function addDemoRates(
  rows: Pick<DemoPmsRows, 'rateGroups' | 'rates'>,
  enterpriseId: string,
  n: number,
  idOf: IdOf = pmsId,
) {
  const publicGroup = idOf('rateGroup', 2 * n - 1);
  const negotiatedGroup = idOf('rateGroup', 2 * n);
  rows.rateGroups.push(
    { id: publicGroup, enterprise_id: enterpriseId, name: 'Public rates', ordering: 0 },
    { id: negotiatedGroup, enterprise_id: enterpriseId, name: 'Negotiated rates', ordering: 1 },
  );
  const ids = {
    flexible: idOf('rate', 3 * n - 2),
    nonRefundable: idOf('rate', 3 * n - 1),
    corporate: idOf('rate', 3 * n),
  };
  rows.rates.push(
    { id: ids.flexible, enterprise_id: enterpriseId, group_id: publicGroup, name: 'Flexible', short_name: 'FLEX' },
    {
      id: ids.nonRefundable,
      enterprise_id: enterpriseId,
      group_id: publicGroup,
      name: 'Non-refundable',
      short_name: 'NREF',
    },
    {
      id: ids.corporate,
      enterprise_id: enterpriseId,
      group_id: negotiatedGroup,
      name: 'Corporate',
      short_name: 'CORP',
      is_public: false,
    },
  );
  return ids;
}

type OrderItem = Omit<Insertable<DemoPmsOrderItemsTable>, 'id' | 'reservation_id'>;

/**
 * One room night per night and the city tax per night, as Mews posts them. A cancelled reservation's items
 * are all Canceled, and a cancellation fee of the first night is charged instead.
 */
function orderItemsOf(hotel: DemoPmsHotel, stay: DemoPmsStay, startUtc: Date): OrderItem[] {
  const nightlyCents = hotel.categories[stay.category]!.nightlyCents;
  const cancelled = stay.state === 'Canceled';
  const item = (
    type: string,
    grossCents: number,
    dayIndex: number,
    state = cancelled ? 'Canceled' : 'Open',
  ): OrderItem => ({
    type,
    accounting_state: state,
    unit_count: 1,
    currency: hotel.currency,
    gross_cents: grossCents,
    net_cents: Math.round(grossCents / (1 + hotel.taxPercent / 100)),
    tax_code: hotel.taxCode,
    consumed_utc: new Date(startUtc.getTime() + dayIndex * DAY_MS),
  });
  const items: OrderItem[] = [];
  for (let night = 0; night < stay.nights; night++) {
    items.push(item('SpaceOrder', nightlyCents, night));
    if (hotel.cityTaxPerNightCents) items.push(item('CityTax', hotel.cityTaxPerNightCents, night));
  }
  if (stay.cancelledExtraCents) items.push(item('ProductOrder', stay.cancelledExtraCents, 0, 'Canceled'));
  if (cancelled) items.push(item('CancellationFee', nightlyCents, 0, 'Open'));
  return items;
}

/** The UTC instant when the wall clock in `timeZone` shows `hour`:00 on the UTC calendar day starting at `dayUtc`. */
export function atLocalHour(dayUtc: number, hour: number, timeZone: string): Date {
  return instantAtWallClock(dayUtc + hour * 3_600_000, timeZone);
}
