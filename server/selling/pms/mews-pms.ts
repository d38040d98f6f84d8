import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { createConnectorCall, upstreamError, type ConnectorCall, type MewsConnectorOptions } from './mews-connector.ts';
import {
  configurationReplySchema,
  customersReplySchema,
  orderItemsReplySchema,
  reservationsReplySchema,
  resourceCategoriesReplySchema,
  resourcesReplySchema,
  type MewsReservation,
} from './mews-schemas.ts';
import { memoryHotelDirectory, type HotelDirectory } from './hotel-directory.ts';
import { syncHotelDirectory } from './mews-directory-sync.ts';
import { transferWithMews } from './mews-transfer.ts';
import { channelsOf } from './mews-channels.ts';
import { readMewsCatalog } from './mews-catalog.ts';
import { englishOrFirst } from './mews-names.ts';
import { learnReservations } from './mews-learn-reservations.ts';
import { fixedTokenSource, hotelKeyOf, type HotelTokenSource } from './hotel-token-source.ts';
import type { KnownHotel, LookupHint, Pms, PmsLookup, PmsReservation, PmsReservationState } from './pms.ts';

export { hotelKeyOf };

export interface MewsPmsOptions extends MewsConnectorOptions {
  /**
   * The hotels' access tokens (Mews "enterprise"): a fixed list, a function asked on every lookup, or a source
   * that also hands out a known hotel's token whatever its standing (server/hotels/hotel-tokens.ts): the
   * connected hotels change while the process runs.
   */
  accessTokens: readonly string[] | (() => Promise<readonly string[]>) | HotelTokenSource;
  /** Where the hotel of each reservation found is remembered; in this process's memory when not given. */
  directory?: HotelDirectory;
}

/** A reservation found, with the token of the hotel that holds it (the write side needs it). */
export type Located =
  | { kind: 'found'; accessToken: string; reservation: PmsReservation }
  | { kind: 'gone' }
  | { kind: 'unknown'; why: string };

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
/** How many hotels one lookup asks at once: quick with a thousand hotels, and each hotel is asked once. */
const LOOKUP_CONCURRENCY = 16;

type Hotel = PmsReservation['hotel'] & { defaultCurrency: string };

/** The hotel PMS port over the Mews Connector API (reservations/getAll/2023-06-06 and the calls it needs). */
export function createMewsPms(options: MewsPmsOptions): Pms {
  const call = createConnectorCall(options);
  // Hotel data barely changes: one configuration/get per access token for the life of the process.
  const hotels = new Map<string, Promise<Hotel>>();
  const hotelOf = (accessToken: string) => {
    let hotel = hotels.get(accessToken);
    if (!hotel) {
      hotel = readHotel(call, accessToken);
      hotels.set(accessToken, hotel);
      // A failed read is not kept: the next lookup asks again.
      hotel.catch(() => hotels.delete(accessToken));
    }
    return hotel;
  };

  const source = options.accessTokens;
  const tokens: HotelTokenSource = 'searchable' in source ? source : fixedTokenSource(source);
  const currentTokens = () => tokens.searchable();
  const directory = options.directory ?? memoryHotelDirectory();
  const tokenWithKey = (accessTokens: readonly string[], key: string | undefined) =>
    key ? accessTokens.find((token) => hotelKeyOf(token) === key) : undefined;
  const unknown = (why: string, context: Record<string, unknown>): Located => {
    options.logger?.info?.(
      { ...context, why },
      'the hotel holding a reservation cannot be asked: its answer is unknown',
    );
    return { kind: 'unknown', why };
  };

  /** One hotel's reservations matching `filter`: the match, none (`gone` there), or no answer. */
  const askHotel = async (accessToken: string, filter: Record<string, unknown>, matches: Matcher) => {
    try {
      const body = { ...filter, Limitation: { Count: 10 } };
      const reply = await call(accessToken, 'reservations/getAll/2023-06-06', body, reservationsReplySchema);
      return reply.Reservations.find(matches) ?? null;
    } catch {
      // This hotel's system failed or refused the token (already logged): what it holds is not known.
      return undefined;
    }
  };

  /** The reservation as the port promises it, its hotel remembered for the next lookup. */
  const answerFound = async (accessToken: string, reservation: MewsReservation, remembered?: string) => {
    // Both references are remembered together, so a hotel already remembered for this one needs no write.
    if (hotelKeyOf(accessToken) !== remembered)
      await directory
        .remember([`id:${reservation.Id}`, `number:${reservation.Number}`], hotelKeyOf(accessToken))
        .catch((error: unknown) =>
          options.logger?.warn({ err: error }, 'could not remember the hotel of a reservation'),
        );
    try {
      return {
        kind: 'found',
        accessToken,
        reservation: await describe(call, accessToken, reservation, hotelOf),
      } as const;
    } catch {
      return unknown("the hotel's system failed while the reservation was read", { reservationId: reservation.Id });
    }
  };

  /**
   * The hotel known to hold the reservation (stored with it, or remembered by the directory) is asked alone,
   * whatever its standing: its token unusable, or no answer, is `unknown`, never a search elsewhere. Otherwise
   * the hotel named by `hint` first, then the others, a bounded number at a time (one call per hotel, so no
   * hotel's rate limit is spent on it) until one has it. Where two hotels share a confirmation number, the one
   * first in that order wins, as if they were asked one by one. `gone` only when every hotel asked answered.
   */
  const findInAnyHotel = async (
    filter: Record<string, unknown>,
    matches: Matcher,
    reference: string,
    known: { hint?: LookupHint; hotel?: KnownHotel },
  ): Promise<Located> => {
    const remembered = await directory.hotelOf(reference).catch(() => undefined);
    const holder = known.hotel ?? (remembered ? { hotelKey: remembered } : undefined);
    const holderToken = holder ? await tokens.ofHotel(holder) : { kind: 'not_a_known_hotel' as const };
    if (holderToken.kind === 'unusable') return unknown(holderToken.why, { reference, hotel: holder });
    if (holderToken.kind === 'usable') {
      const atHolder = await askHotel(holderToken.token, filter, matches);
      if (atHolder === undefined) return unknown("the hotel's system did not answer", { reference, hotel: holder });
      if (atHolder) return answerFound(holderToken.token, atHolder, remembered);
      // The hotel stored with the reservation answered that it has none: no other hotel holds it.
      if (known.hotel) return { kind: 'gone' };
    }
    const accessTokens = await currentTokens();
    const asked = holderToken.kind === 'usable' ? holderToken.token : undefined;
    const hinted = tokenWithKey(accessTokens, known.hint?.hotelKey);
    const first = hinted && hinted !== asked ? [hinted] : [];
    const order = [...first, ...accessTokens.filter((token) => token !== asked && !first.includes(token))];
    const found: (MewsReservation | null | undefined)[] = [];
    let anyFound = false;
    const ask = async (index: number) => {
      found[index] = await askHotel(order[index]!, filter, matches);
      if (found[index]) anyFound = true;
    };
    let next = 0;
    while (next < first.length && !anyFound) await ask(next++);
    const askNext = async () => {
      while (next < order.length && !anyFound) await ask(next++);
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, order.length) }, askNext));
    const index = found.findIndex(Boolean);
    if (index !== -1) return answerFound(order[index]!, found[index]!, remembered);
    if (found.includes(undefined)) return unknown("a hotel's system did not answer", { reference });
    return { kind: 'gone' };
  };

  const locate = (externalId: string, hotel?: KnownHotel) =>
    findInAnyHotel({ ReservationIds: [externalId] }, (r) => r.Id === externalId, `id:${externalId}`, { hotel });

  return {
    async findByConfirmationNumber(confirmationNumber, hint) {
      const number = confirmationNumber.trim();
      if (!number) return { kind: 'gone' };
      const filter = { Numbers: [number] };
      return portAnswer(await findInAnyHotel(filter, (r) => r.Number === number, `number:${number}`, { hint }));
    },
    async findByExternalId(externalId, hotel) {
      if (!externalId) return { kind: 'gone' };
      return portAnswer(await locate(externalId, hotel));
    },
    transferToGuest: (externalId, guest, hotel) =>
      transferWithMews({ call, locate: (id) => locate(id, hotel) }, externalId, guest),
    async readResaleCatalog(hotelKey) {
      const accessToken = tokenWithKey(await currentTokens(), hotelKey);
      if (!accessToken) throw upstreamError();
      return readMewsCatalog(call, accessToken).catch(asUpstreamError);
    },
    syncDirectory: async (now, signal) =>
      syncHotelDirectory(
        { call, accessTokens: await currentTokens(), directory, hotelKeyOf, logger: options.logger },
        now,
        signal,
      ),
    async learnReservations(hotelKey, reservationIds) {
      const accessToken = tokenWithKey(await currentTokens(), hotelKey);
      if (!accessToken || !reservationIds.length) return 0;
      return learnReservations({ call, directory }, { accessToken, hotelKey }, reservationIds).catch(asUpstreamError);
    },
    async enterpriseOf(accessToken) {
      const { Enterprise: enterprise } = await call(accessToken, 'configuration/get', {}, configurationReplySchema);
      return { id: enterprise.Id, name: enterprise.Name, chainId: enterprise.ChainId ?? null };
    },
  };
}

type Matcher = (reservation: MewsReservation) => boolean;

/** The port's answer: the token the write side needs stays in the adapter. */
function portAnswer(located: Located): PmsLookup {
  return located.kind === 'found' ? { kind: 'found', reservation: located.reservation } : located;
}

/** Whatever went wrong talking to the hotel, the caller sees the one UPSTREAM_ERROR. */
function asUpstreamError(error: unknown): never {
  throw error instanceof AppError ? error : upstreamError();
}

/** Everything the port promises about one reservation: its guest, room, hotel and price, read in parallel. */
async function describe(
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

async function readHotel(call: ConnectorCall, accessToken: string): Promise<Hotel> {
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
