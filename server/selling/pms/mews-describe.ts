import type { z } from 'zod';
import { upstreamError, type ConnectorCall } from './mews-connector.ts';
import {
  configurationReplySchema,
  customersReplySchema,
  orderItemsReplySchema,
  resourceCategoriesReplySchema,
  resourcesReplySchema,
  type MewsReservation,
} from './mews-schemas.ts';
import { channelsOf } from './mews-channels.ts';
import { englishOrFirst } from './mews-names.ts';
import type { PmsReservation, PmsReservationState } from './pms.ts';

/** A hotel as configuration/get describes it, with the currency its prices default to. */
export type Hotel = PmsReservation['hotel'] & { defaultCurrency: string };

const STATES: Record<MewsReservation['State'], PmsReservationState> = {
  Inquired: 'inquired',
  Confirmed: 'confirmed',
  Started: 'started',
  Processed: 'processed',
  Canceled: 'cancelled',
  Optional: 'optional',
  Requested: 'requested',
};
/** Mews' page size ceiling; one reservation's order items fit in one page, more pages are followed anyway. */
const ORDER_ITEMS_PAGE = 1000;
const MAX_ORDER_ITEM_PAGES = 10;
/** Everything the port promises about one reservation: its guest, room, hotel and price, read in parallel. */
export async function describe(
  call: ConnectorCall,
  accessToken: string,
  reservation: MewsReservation,
  hotelOf: (accessToken: string) => Promise<Hotel>,
): Promise<PmsReservation> {
  const [guest, roomName, hotel, price] = await Promise.all([
    readGuest(call, accessToken, reservation),
    readRoomName(call, accessToken, reservation),
    hotelOf(accessToken),
    readPrice(call, accessToken, reservation.Id),
  ]);
  const { defaultCurrency, ...hotelFields } = hotel;
  return {
    externalId: reservation.Id,
    confirmationNumber: reservation.Number,
    state: STATES[reservation.State],
    startUtc: reservation.ScheduledStartUtc,
    endUtc: reservation.ScheduledEndUtc,
    guest,
    roomName,
    guests: guestCount(reservation),
    hotel: hotelFields,
    currency: price?.currency ?? defaultCurrency,
    amountPaidCents: price?.cents ?? null,
    // The Connector calls read here carry no pictures of the room.
    roomImageUrls: [],
    cancellationReason: reservation.CancellationReason ?? null,
    resale: {
      rateId: reservation.RateId ?? null,
      roomTypeId: reservation.RequestedResourceCategoryId,
      channels: channelsOf(reservation),
    },
  };
}

/** Everyone the reservation is for, whatever their age category; null when Mews names nobody. */
function guestCount(reservation: MewsReservation): number | null {
  const total = (reservation.PersonCounts ?? []).reduce((sum, person) => sum + person.Count, 0);
  return total > 0 ? total : null;
}

async function readGuest(
  call: ConnectorCall,
  accessToken: string,
  reservation: MewsReservation,
): Promise<PmsReservation['guest']> {
  const none = { email: null, isOtaRelay: false, firstName: null, lastName: null };
  // A company-owned reservation has no guest email to send a code to.
  if (reservation.AccountType !== 'Customer') return none;
  const reply = await call(
    accessToken,
    'customers/getAll',
    { CustomerIds: [reservation.AccountId], Extent: { Customers: true, Addresses: false }, Limitation: { Count: 1 } },
    customersReplySchema,
  );
  const customer = reply.Customers.find((c) => c.Id === reservation.AccountId);
  if (!customer) return none;
  return {
    email: customer.Email?.trim() || null,
    isOtaRelay: customer.HasOtaEmail === true,
    firstName: customer.FirstName?.trim() || null,
    lastName: customer.LastName?.trim() || null,
  };
}

/** "Double Deluxe, room 204"; the category alone while no room is assigned. */
async function readRoomName(
  call: ConnectorCall,
  accessToken: string,
  reservation: MewsReservation,
): Promise<string | null> {
  const resourceId = reservation.AssignedResourceId;
  const [categories, resources] = await Promise.all([
    call(
      accessToken,
      'resourceCategories/getAll',
      {
        ServiceIds: [reservation.ServiceId],
        ResourceCategoryIds: [reservation.RequestedResourceCategoryId],
        Limitation: { Count: 1 },
      },
      resourceCategoriesReplySchema,
    ),
    resourceId
      ? call(
          accessToken,
          'resources/getAll',
          { ResourceIds: [resourceId], Extent: { Resources: true }, Limitation: { Count: 1 } },
          resourcesReplySchema,
        )
      : null,
  ]);
  const category = categories.ResourceCategories.find((c) => c.Id === reservation.RequestedResourceCategoryId);
  const categoryName = category ? englishOrFirst(category.Names) : null;
  const roomNumber = resources?.Resources.find((r) => r.Id === resourceId)?.Name.trim() || null;
  if (categoryName && roomNumber) return `${categoryName}, room ${roomNumber}`;
  return categoryName ?? (roomNumber ? `Room ${roomNumber}` : null);
}

export async function readHotel(call: ConnectorCall, accessToken: string): Promise<Hotel> {
  const { Enterprise: enterprise } = await call(accessToken, 'configuration/get', {}, configurationReplySchema);
  const address = enterprise.Address ?? {};
  const currencies = enterprise.Currencies;
  const defaultCurrency = (currencies.find((c) => c.IsDefault) ?? currencies[0])?.Currency.toUpperCase();
  if (!defaultCurrency) throw upstreamError();
  const position = validPosition(address.Latitude, address.Longitude);
  return {
    enterpriseId: enterprise.Id,
    name: enterprise.Name,
    addressLine:
      [address.Line1, address.Line2]
        .map((line) => line?.trim())
        .filter(Boolean)
        .join(', ') || null,
    city: address.City?.trim() || null,
    countryCode: address.CountryCode?.trim().toUpperCase() || null,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    timeZone: enterprise.TimeZoneIdentifier || null,
    defaultCurrency,
  };
}

/** Mews' own example once swapped latitude and longitude: a position that cannot be real is dropped, not shown. */
function validPosition(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (latitude == null || longitude == null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // 0,0 is the Gulf of Guinea: an unset address, not a hotel.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

/**
 * What the guest paid: the gross value of every order item not Canceled (rebates are negative), in hundredths
 * of the currency's major unit like every amount in the database. Unknown (null) when there are no such items
 * or when they are in more than one currency.
 */
async function readPrice(call: ConnectorCall, accessToken: string, reservationId: string) {
  const items: z.infer<typeof orderItemsReplySchema>['OrderItems'] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_ORDER_ITEM_PAGES; page++) {
    const reply: z.infer<typeof orderItemsReplySchema> = await call(
      accessToken,
      'orderItems/getAll',
      { ServiceOrderIds: [reservationId], Limitation: { Count: ORDER_ITEMS_PAGE, Cursor: cursor } },
      orderItemsReplySchema,
    );
    items.push(...reply.OrderItems);
    cursor = reply.Cursor ?? null;
    if (!cursor || reply.OrderItems.length < ORDER_ITEMS_PAGE) break;
  }
  const counted = items.filter((item) => item.AccountingState !== 'Canceled');
  const currencies = new Set(counted.map((item) => item.Amount.Currency.toUpperCase()));
  if (currencies.size !== 1) return null;
  const cents = counted.reduce((sum, item) => sum + Math.round(item.Amount.GrossValue * 100), 0);
  return { currency: [...currencies][0]!, cents };
}
