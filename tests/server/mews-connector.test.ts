import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/errors.ts';
import { memoryHotelDirectory } from '../../server/selling/pms/hotel-directory.ts';
import { nullablePms } from '../helpers/nullable-pms.ts';
import { createMewsPms, hotelKeyOf, type MewsPmsOptions } from '../../server/selling/pms/mews-pms.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';

/**
 * The Mews adapter against the Connector API's documented wire shapes, outbound HTTP intercepted by MSW. Each
 * hotel below is one enterprise behind one access token; the handlers answer only what its filters ask for.
 */

const PLATFORM = 'https://api.mews.test';
const CLIENT_TOKEN = 'client-token-1';
const UPSTREAM_MESSAGE = "The hotel's system is not answering right now. Please try again in a few minutes.";

function reservation(overrides: Record<string, unknown> = {}) {
  return {
    Id: 'R1',
    ServiceId: 'S1',
    AccountId: 'C1',
    AccountType: 'Customer',
    BookerId: null,
    Number: '4821',
    State: 'Confirmed',
    Origin: 'Distributor',
    CreatedUtc: '2026-05-01T10:00:00Z',
    UpdatedUtc: '2026-05-02T10:00:00Z',
    CancelledUtc: null,
    RateId: 'RT1',
    GroupId: 'G1',
    RequestedResourceCategoryId: 'RC1',
    AssignedResourceId: 'RS1',
    AssignedResourceLocked: false,
    ChannelNumber: null,
    CancellationReason: null,
    StartUtc: '2026-09-10T13:00:00Z',
    EndUtc: '2026-09-12T10:00:00Z',
    ScheduledStartUtc: '2026-09-10T13:00:00Z',
    ActualStartUtc: null,
    ScheduledEndUtc: '2026-09-12T10:00:00Z',
    ActualEndUtc: null,
    Purpose: 'Leisure',
    PersonCounts: [{ AgeCategoryId: 'A1', Count: 2 }],
    Options: {
      OwnerCheckedIn: false,
      AllCompanionsCheckedIn: false,
      AnyCompanionCheckedIn: false,
      ConnectorCheckIn: false,
    },
    ...overrides,
  };
}
const customer = (overrides: Record<string, unknown> = {}) => ({
  Id: 'C1',
  FirstName: 'Jane',
  LastName: 'Doe',
  Email: 'jane.doe@example.com',
  HasOtaEmail: false,
  Phone: null,
  IsActive: true,
  ...overrides,
});
const resource = {
  Id: 'RS1',
  EnterpriseId: 'E1',
  IsActive: true,
  ParentResourceId: null,
  Name: '204',
  State: 'Clean',
  Descriptions: {},
  ExternalNames: {},
  Directions: {},
  Data: { Discriminator: 'Space', Value: { FloorNumber: '2', LocationNotes: null } },
};
const category = {
  Id: 'RC1',
  ServiceId: 'S1',
  IsActive: true,
  Type: 'Room',
  Names: { 'en-US': 'Double Deluxe' },
  ShortNames: { 'en-US': 'DBL' },
  Capacity: 2,
  ExtraCapacity: 0,
};
function configuration(name = 'Hotel Example Prague', address: Record<string, unknown> = {}) {
  return {
    NowUtc: '2026-08-10T12:00:00Z',
    Enterprise: {
      Id: 'E1',
      Name: name,
      TimeZoneIdentifier: 'Europe/Prague',
      DefaultLanguageCode: 'en-US',
      Pricing: 'Gross',
      Address: {
        Id: 'AD1',
        Line1: 'Vodickova 1',
        Line2: null,
        City: 'Prague',
        PostalCode: '11000',
        CountryCode: 'CZ',
        CountrySubdivisionCode: null,
        Latitude: 50.0811,
        Longitude: 14.425,
        ...address,
      },
      Currencies: [
        { Currency: 'EUR', IsDefault: false, IsEnabled: true },
        { Currency: 'CZK', IsDefault: true, IsEnabled: true },
      ],
    },
  };
}
function orderItem(id: string, grossValue: number, accountingState = 'Open', type = 'SpaceOrder', currency = 'CZK') {
  return {
    Id: id,
    ServiceOrderId: 'R1',
    Type: type,
    AccountingState: accountingState,
    UnitCount: 1,
    Amount: {
      Currency: currency,
      NetValue: grossValue / 1.12,
      GrossValue: grossValue,
      TaxValues: [{ Code: 'CZ-R', Value: 1 }],
      Breakdown: { Items: [{ TaxRateCode: 'CZ-R', NetValue: grossValue / 1.12, TaxValue: 1 }] },
    },
  };
}

interface FakeHotel {
  reservations: ReturnType<typeof reservation>[];
  customers: ReturnType<typeof customer>[];
  resources: (typeof resource)[];
  categories: (typeof category)[];
  configuration: ReturnType<typeof configuration>;
  orderItems: ReturnType<typeof orderItem>[];
}
const fakeHotel = (overrides: Partial<FakeHotel> = {}): FakeHotel => ({
  reservations: [reservation()],
  customers: [customer()],
  resources: [resource],
  categories: [category],
  configuration: configuration(),
  orderItems: [orderItem('OI1', 3000)],
  ...overrides,
});

let hotels: Record<string, FakeHotel> = {};
let calls: { operation: string; body: any }[] = [];
const operationsCalled = () => calls.map((c) => c.operation);

const byIds = <T extends { Id: string }>(items: T[], ids: unknown) =>
  Array.isArray(ids) ? items.filter((i) => ids.includes(i.Id)) : items;
const page = <K extends string, T extends { Id: string }>(key: K, items: T[]) =>
  HttpResponse.json({ [key]: items, Cursor: items.at(-1)?.Id ?? null });

const mewsError = (status: number, message: string) =>
  HttpResponse.json({ Message: message, RequestId: 'req-1', Details: null }, { status });

/** A Connector operation answered from the hotel of the body's access token (401 for an unknown one). */
function operation(path: string, answer: (hotel: FakeHotel, body: any) => Response) {
  return http.post(`${PLATFORM}/api/connector/v1/${path}`, async ({ request }) => {
    const body = (await request.json()) as any;
    calls.push({ operation: path, body });
    const hotel = hotels[body.AccessToken];
    if (body.ClientToken !== CLIENT_TOKEN || !hotel) {
      return HttpResponse.json({ Message: 'Invalid AccessToken', RequestId: 'x', Details: null }, { status: 401 });
    }
    return answer(hotel, body);
  });
}

const fakeMews = [
  operation('reservations/getAll/2023-06-06', (hotel, body) => {
    let found = byIds(hotel.reservations, body.ReservationIds);
    if (body.Numbers) found = found.filter((r) => body.Numbers.includes(r.Number));
    return page('Reservations', found);
  }),
  operation('customers/getAll', (hotel, body) => {
    let found = byIds(hotel.customers, body.CustomerIds);
    if (Array.isArray(body.Emails)) found = found.filter((c) => body.Emails.includes(c.Email));
    return HttpResponse.json({ Customers: found, Documents: null, Cursor: null });
  }),
  // customers/add answers the Customer; LastName and OverwriteExisting are required; a known email is refused.
  operation('customers/add', (hotel, body) => {
    if (typeof body.LastName !== 'string' || !body.LastName) return mewsError(400, 'Invalid LastName');
    if (typeof body.OverwriteExisting !== 'boolean') return mewsError(400, 'Invalid OverwriteExisting');
    if (hotel.customers.some((c) => c.Email === body.Email) && !body.OverwriteExisting) {
      return mewsError(400, 'Customer with the same email already exists.');
    }
    const added = customer({
      Id: `C${hotel.customers.length + 1}`,
      FirstName: body.FirstName,
      LastName: body.LastName,
      Email: body.Email,
    });
    hotel.customers.push(added);
    return HttpResponse.json({ ...added, ChainId: 'CH1', LanguageCode: null, Classifications: [], Options: [] });
  }),
  // reservations/updateCustomer makes the customer the reservation's owner and answers {}.
  operation('reservations/updateCustomer', (hotel, body) => {
    const target = hotel.reservations.find((r) => r.Id === body.ReservationId);
    if (!target) return mewsError(400, 'Invalid ReservationId');
    if (!hotel.customers.some((c) => c.Id === body.CustomerId)) return mewsError(400, 'Invalid CustomerId');
    target.AccountId = body.CustomerId;
    return HttpResponse.json({});
  }),
  operation('resources/getAll', (hotel, body) => page('Resources', byIds(hotel.resources, body.ResourceIds))),
  operation('resourceCategories/getAll', (hotel, body) =>
    page(
      'ResourceCategories',
      byIds(hotel.categories, body.ResourceCategoryIds).filter((c) => body.ServiceIds.includes(c.ServiceId)),
    ),
  ),
  operation('configuration/get', (hotel) => HttpResponse.json(hotel.configuration)),
  operation('orderItems/getAll', (hotel, body) =>
    page(
      'OrderItems',
      hotel.orderItems.filter((i) => body.ServiceOrderIds.includes(i.ServiceOrderId)),
    ),
  ),
];

const mews = setupServer(...fakeMews);
beforeAll(() => mews.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mews.resetHandlers();
  calls = [];
  hotels = {};
});
afterAll(() => mews.close());

let sleeps: number[] = [];
function adapter(options: Partial<MewsPmsOptions> = {}) {
  sleeps = [];
  return nullablePms(
    createMewsPms({
      platformUrl: () => `${PLATFORM}/`,
      clientToken: CLIENT_TOKEN,
      accessTokens: ['token-prague'],
      clientName: 'Restay 1.0.0',
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    }),
  );
}

async function expectUpstreamError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502, message: UPSTREAM_MESSAGE });
}

describe('Mews adapter: reading a reservation', () => {
  it('finds a reservation by confirmation number with its guest, room, hotel and price, in the documented calls', async () => {
    hotels = {
      'token-prague': fakeHotel({ orderItems: [orderItem('OI1', 3000), orderItem('OI2', 150.5, 'Closed', 'CityTax')] }),
    };

    const found = await adapter().findByConfirmationNumber(' 4821 ');

    expect(found).toEqual({
      externalId: 'R1',
      confirmationNumber: '4821',
      state: 'confirmed',
      cancellationReason: null,
      startUtc: new Date('2026-09-10T13:00:00Z'),
      endUtc: new Date('2026-09-12T10:00:00Z'),
      guest: { email: 'jane.doe@example.com', isOtaRelay: false, firstName: 'Jane', lastName: 'Doe' },
      roomName: 'Double Deluxe, room 204',
      // Everyone the reservation is for (PersonCounts).
      guests: 2,
      hotel: {
        name: 'Hotel Example Prague',
        addressLine: 'Vodickova 1',
        city: 'Prague',
        countryCode: 'CZ',
        latitude: 50.0811,
        longitude: 14.425,
        timeZone: 'Europe/Prague',
        enterpriseId: 'E1',
      },
      // What the hotel's resale policy is checked against: a direct booking at rate RT1 in room type RC1.
      resale: { channels: ['direct'], rateId: 'RT1', roomTypeId: 'RC1' },
      currency: 'CZK',
      amountPaidCents: 315_050,
      roomImageUrls: [],
    });
    const tokens = { ClientToken: CLIENT_TOKEN, AccessToken: 'token-prague', Client: 'Restay 1.0.0' };
    const body = (operation: string) => calls.find((c) => c.operation === operation)?.body;
    expect(body('reservations/getAll/2023-06-06')).toEqual({ ...tokens, Numbers: ['4821'], Limitation: { Count: 10 } });
    expect(body('customers/getAll')).toEqual({
      ...tokens,
      CustomerIds: ['C1'],
      Extent: { Customers: true, Addresses: false },
      Limitation: { Count: 1 },
    });
    expect(body('resources/getAll')).toEqual({
      ...tokens,
      ResourceIds: ['RS1'],
      Extent: { Resources: true },
      Limitation: { Count: 1 },
    });
    expect(body('resourceCategories/getAll')).toEqual({
      ...tokens,
      ServiceIds: ['S1'],
      ResourceCategoryIds: ['RC1'],
      Limitation: { Count: 1 },
    });
    expect(body('configuration/get')).toEqual(tokens);
    expect(body('orderItems/getAll')).toEqual({
      ...tokens,
      ServiceOrderIds: ['R1'],
      Limitation: { Count: 1000, Cursor: null },
    });
  });

  it('answers null for an unknown confirmation number, after asking for it alone', async () => {
    hotels = { 'token-prague': fakeHotel() };
    expect(await adapter().findByConfirmationNumber('9999')).toBeNull();
    expect(operationsCalled()).toEqual(['reservations/getAll/2023-06-06']);
    expect(await adapter().findByConfirmationNumber('   ')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('re-reads a reservation by its Mews id', async () => {
    hotels = { 'token-prague': fakeHotel({ reservations: [reservation({ State: 'Canceled' })] }) };
    const pms = adapter();
    expect(await pms.findByExternalId('R1')).toMatchObject({ externalId: 'R1', state: 'cancelled' });
    expect(calls[0]!.body).toMatchObject({ ReservationIds: ['R1'], Limitation: { Count: 10 } });
    expect(calls[0]!.body.Numbers).toBeUndefined();
    expect(await pms.findByExternalId('R404')).toBeNull();
  });

  it('marks an OTA relay address as such', async () => {
    hotels = {
      'token-prague': fakeHotel({
        customers: [customer({ Email: 'guest-8f3k@guest.booking.com', HasOtaEmail: true })],
      }),
    };
    const found = await adapter().findByConfirmationNumber('4821');
    expect(found?.guest).toEqual({
      email: 'guest-8f3k@guest.booking.com',
      isOtaRelay: true,
      firstName: 'Jane',
      lastName: 'Doe',
    });
  });

  it('names only the category while no room is assigned, without asking for a room', async () => {
    hotels = { 'token-prague': fakeHotel({ reservations: [reservation({ AssignedResourceId: null })] }) };
    const found = await adapter().findByConfirmationNumber('4821');
    expect(found?.roomName).toBe('Double Deluxe');
    expect(operationsCalled()).not.toContain('resources/getAll');
  });

  it('has no guest email for a company-owned reservation or a customer without one', async () => {
    hotels = { 'token-prague': fakeHotel({ reservations: [reservation({ AccountType: 'Company' })] }) };
    expect((await adapter().findByConfirmationNumber('4821'))?.guest).toEqual({
      email: null,
      isOtaRelay: false,
      firstName: null,
      lastName: null,
    });
    expect(operationsCalled()).not.toContain('customers/getAll');

    hotels = { 'token-prague': fakeHotel({ customers: [customer({ Email: null, FirstName: null })] }) };
    expect((await adapter().findByConfirmationNumber('4821'))?.guest).toMatchObject({
      email: null,
      firstName: null,
      lastName: 'Doe',
    });
  });

  it('sums the gross value of every order item that is not Canceled, a rebate counting negative', async () => {
    hotels = {
      'token-prague': fakeHotel({
        orderItems: [
          orderItem('OI1', 1999.99),
          orderItem('OI2', 1999.99, 'Closed'),
          orderItem('OI3', 500, 'Canceled', 'ProductOrder'),
          orderItem('OI4', -100.01, 'Open', 'SpaceOrder'),
          orderItem('OI5', 80.1, 'Inactive', 'CityTax'),
        ],
      }),
    };
    const found = await adapter().findByConfirmationNumber('4821');
    expect(found?.amountPaidCents).toBe(199_999 + 199_999 - 10_001 + 8_010);
    expect(found?.currency).toBe('CZK');
  });

  it('falls back to the hotel default currency when nothing is charged, and takes the price currency otherwise', async () => {
    hotels = { 'token-prague': fakeHotel({ orderItems: [orderItem('OI1', 300, 'Canceled')] }) };
    expect(await adapter().findByConfirmationNumber('4821')).toMatchObject({ currency: 'CZK', amountPaidCents: null });

    hotels = { 'token-prague': fakeHotel({ orderItems: [orderItem('OI1', 120, 'Open', 'SpaceOrder', 'eur')] }) };
    expect(await adapter().findByConfirmationNumber('4821')).toMatchObject({
      currency: 'EUR',
      amountPaidCents: 12_000,
    });

    // Items in two currencies cannot be added up: the amount is unknown rather than wrong.
    hotels = {
      'token-prague': fakeHotel({
        orderItems: [orderItem('OI1', 120, 'Open', 'SpaceOrder', 'EUR'), orderItem('OI2', 3000)],
      }),
    };
    expect(await adapter().findByConfirmationNumber('4821')).toMatchObject({ currency: 'CZK', amountPaidCents: null });
  });

  it('drops coordinates that cannot be real and keeps the rest of the hotel', async () => {
    hotels = {
      'token-prague': fakeHotel({
        configuration: configuration('Hotel Example Prague', { Latitude: 114.4, Longitude: 50.08 }),
      }),
    };
    const found = await adapter().findByConfirmationNumber('4821');
    expect(found?.hotel).toMatchObject({
      name: 'Hotel Example Prague',
      city: 'Prague',
      latitude: null,
      longitude: null,
    });
  });

  it('reads each hotel configuration once per access token', async () => {
    hotels = { 'token-prague': fakeHotel() };
    const pms = adapter();
    await pms.findByConfirmationNumber('4821');
    await pms.findByExternalId('R1');
    expect(operationsCalled().filter((op) => op === 'configuration/get')).toHaveLength(1);
  });
});

describe('Mews adapter: several hotels', () => {
  const lisbon = () =>
    fakeHotel({
      reservations: [reservation({ Id: 'R7', Number: 'LIS-7', AccountId: 'C7' })],
      customers: [customer({ Id: 'C7', Email: 'ana.silva@example.com' })],
      orderItems: [{ ...orderItem('OI7', 435, 'Open', 'SpaceOrder', 'EUR'), ServiceOrderId: 'R7' }],
      configuration: configuration('Casa do Tejo', {
        City: 'Lisbon',
        CountryCode: 'PT',
        Latitude: 38.71,
        Longitude: -9.14,
      }),
    });

  it('looks in each access token enterprise until it finds the reservation, and reads that hotel', async () => {
    hotels = { 'token-prague': fakeHotel(), 'token-lisbon': lisbon() };
    const pms = adapter({ accessTokens: ['token-prague', 'token-lisbon'] });

    const found = await pms.findByConfirmationNumber('LIS-7');

    expect(found).toMatchObject({
      externalId: 'R7',
      guest: { email: 'ana.silva@example.com' },
      hotel: { name: 'Casa do Tejo', city: 'Lisbon', countryCode: 'PT' },
      currency: 'EUR',
      amountPaidCents: 43_500,
    });
    const tokenOf = (op: string) => calls.filter((c) => c.operation === op).map((c) => c.body.AccessToken);
    expect(tokenOf('reservations/getAll/2023-06-06')).toEqual(['token-prague', 'token-lisbon']);
    expect(tokenOf('configuration/get')).toEqual(['token-lisbon']);
    expect(await pms.findByConfirmationNumber('4821')).toMatchObject({ hotel: { name: 'Hotel Example Prague' } });
    expect(await pms.findByConfirmationNumber('NOPE')).toBeNull();

    // Re-reading a reservation found before asks its hotel first.
    calls = [];
    expect(await pms.findByExternalId('R7')).toMatchObject({ externalId: 'R7', hotel: { name: 'Casa do Tejo' } });
    expect(tokenOf('reservations/getAll/2023-06-06')).toEqual(['token-lisbon']);
  });

  it('still finds a reservation when another hotel fails, but never says "not found" without every answer', async () => {
    hotels = { 'token-lisbon': lisbon() };
    const pms = adapter({ accessTokens: ['token-revoked', 'token-lisbon'] });
    expect(await pms.findByConfirmationNumber('LIS-7')).toMatchObject({ externalId: 'R7' });
    await expectUpstreamError(pms.findByConfirmationNumber('NOPE'));
  });
});

describe('Mews adapter: a thousand hotels', () => {
  const numbered = (count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `token-${i}`,
        fakeHotel({ reservations: [reservation({ Id: `R${i}`, Number: `N-${i}` })] }),
      ]),
    );
  const reservationReads = () =>
    calls.filter((c) => c.operation === 'reservations/getAll/2023-06-06').map((c) => c.body.AccessToken);

  it('asks the hotels a bounded number at a time, each once, and the first in order wins a shared number', async () => {
    hotels = numbered(40);
    hotels['token-5']!.reservations.push(reservation({ Id: 'R-shared-5', Number: 'SHARED' }));
    hotels['token-3']!.reservations.push(reservation({ Id: 'R-shared-3', Number: 'SHARED' }));
    let inFlight = 0;
    let most = 0;
    // Falls through to the hotel's answer once it has counted the call in flight.
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/getAll/2023-06-06`, async () => {
        most = Math.max(most, ++inFlight);
        await delay(5);
        inFlight--;
      }),
    );
    const pms = adapter({ accessTokens: Object.keys(hotels) });

    expect(await pms.findByConfirmationNumber('SHARED')).toMatchObject({ externalId: 'R-shared-3' });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
    const asked = reservationReads();
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThan(40);

    calls = [];
    expect(await pms.findByConfirmationNumber('NOPE')).toBeNull();
    expect(reservationReads().sort()).toEqual(Object.keys(hotels).sort());
  });

  it('asks the remembered hotel alone, also in a new process sharing the directory', async () => {
    hotels = numbered(40);
    const directory = memoryHotelDirectory();
    const first = adapter({ accessTokens: Object.keys(hotels), directory });
    expect(await first.findByConfirmationNumber('N-37')).toMatchObject({ externalId: 'R37' });

    calls = [];
    const restarted = adapter({ accessTokens: Object.keys(hotels), directory });
    expect(await restarted.findByExternalId('R37')).toMatchObject({ confirmationNumber: 'N-37' });
    expect(await restarted.findByConfirmationNumber('N-37')).toMatchObject({ externalId: 'R37' });
    expect(reservationReads()).toEqual(['token-37', 'token-37']);
  });

  it('writes nothing to the directory when the remembered hotel has the reservation', async () => {
    hotels = numbered(3);
    const directory = memoryHotelDirectory();
    const written: string[][] = [];
    const watched = {
      ...directory,
      remember: async (references: readonly string[], hotelKey: string) => {
        written.push([...references]);
        return directory.remember(references, hotelKey);
      },
    };
    const pms = adapter({ accessTokens: Object.keys(hotels), directory: watched });
    expect(await pms.findByConfirmationNumber('N-2')).toMatchObject({ externalId: 'R2' });
    expect(written).toEqual([['id:R2', 'number:N-2']]);
    expect(await pms.findByExternalId('R2')).toMatchObject({ confirmationNumber: 'N-2' });
    expect(await pms.findByConfirmationNumber('N-2')).toMatchObject({ externalId: 'R2' });
    expect(written).toHaveLength(1);
  });

  it('follows the other hotels when the remembered one no longer has the reservation', async () => {
    hotels = numbered(3);
    const directory = memoryHotelDirectory();
    await directory.remember(['number:N-2'], hotelKeyOf('token-0'));
    const pms = adapter({ accessTokens: Object.keys(hotels), directory });
    expect(await pms.findByConfirmationNumber('N-2')).toMatchObject({ externalId: 'R2' });
    expect(await directory.hotelOf('number:N-2')).toBe(hotelKeyOf('token-2'));
  });
});

describe('Mews adapter: when the hotel system fails', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    hotels = { 'token-prague': fakeHotel() };
    let limited = 0;
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/getAll/2023-06-06`, () => {
        if (limited++ > 0) return undefined;
        return HttpResponse.json({ Message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '2' } });
      }),
    );
    expect(await adapter().findByConfirmationNumber('4821')).toMatchObject({ externalId: 'R1' });
    expect(sleeps).toEqual([2000]);
  });

  it('caps a long Retry-After, backs off exponentially without one, and gives up after a few tries', async () => {
    let attempts = 0;
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/getAll/2023-06-06`, () => {
        attempts++;
        return new HttpResponse(null, { status: 429, headers: attempts === 1 ? { 'Retry-After': '3600' } : {} });
      }),
    );
    await expectUpstreamError(adapter().findByConfirmationNumber('4821'));
    expect(attempts).toBe(4);
    expect(sleeps).toEqual([5000, 1000, 2000]);
  });

  it.each([
    ['a 500', () => HttpResponse.json({ Message: 'Server error' }, { status: 500 })],
    [
      'a 503 with an HTML page',
      () => new HttpResponse('<h1>Down</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
    ],
    ['a 400', () => HttpResponse.json({ Message: 'Invalid Limitation' }, { status: 400 })],
    [
      'malformed JSON',
      () => new HttpResponse('{"Reservations":[', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ],
    ['a reply of another shape', () => HttpResponse.json({ Reservations: [{ Id: 'R1', Number: 4821 }], Cursor: null })],
    [
      'an unknown state',
      () => HttpResponse.json({ Reservations: [reservation({ State: 'Teleported' })], Cursor: null }),
    ],
    ['a network error', () => HttpResponse.error()],
  ])('turns %s into UPSTREAM_ERROR', async (_name, reply) => {
    mews.use(http.post(`${PLATFORM}/api/connector/v1/reservations/getAll/2023-06-06`, reply));
    await expectUpstreamError(adapter().findByConfirmationNumber('4821'));
    expect(sleeps).toEqual([]);
  });

  it('turns a bad token (401) into UPSTREAM_ERROR', async () => {
    hotels = { 'token-prague': fakeHotel() };
    await expectUpstreamError(adapter({ clientToken: 'wrong' }).findByConfirmationNumber('4821'));
  });

  it('turns a failure after the reservation was found into UPSTREAM_ERROR, and does not cache a failed configuration', async () => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(
      http.post(
        `${PLATFORM}/api/connector/v1/configuration/get`,
        () => HttpResponse.json({ Message: 'x' }, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    const pms = adapter();
    await expectUpstreamError(pms.findByConfirmationNumber('4821'));
    expect(await pms.findByConfirmationNumber('4821')).toMatchObject({ hotel: { name: 'Hotel Example Prague' } });
  });

  it('gives up on a call that takes longer than the timeout', async () => {
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/getAll/2023-06-06`, async () => {
        await delay(5_000);
        return HttpResponse.json({ Reservations: [], Cursor: null });
      }),
    );
    const started = Date.now();
    await expectUpstreamError(adapter({ timeoutMs: 100 }).findByConfirmationNumber('4821'));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('turns a platform address that throws into UPSTREAM_ERROR instead of crashing', async () => {
    const pms = adapter({
      platformUrl: () => {
        throw new Error('not listening yet');
      },
    });
    await expectUpstreamError(pms.findByConfirmationNumber('4821'));
  });
});

describe('Mews adapter: putting a reservation in the buyer’s name', () => {
  const buyer = { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.com' };
  const tokens = { ClientToken: CLIENT_TOKEN, AccessToken: 'token-prague', Client: 'Restay 1.0.0' };
  const writes = () =>
    calls.filter(
      (c) =>
        ['customers/add', 'reservations/updateCustomer'].includes(c.operation) ||
        (c.operation === 'customers/getAll' && c.body.Emails),
    );

  async function transferError(promise: Promise<unknown>): Promise<PmsTransferError> {
    const error = await promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(PmsTransferError);
    return error as PmsTransferError;
  }

  it('adds the buyer as a customer, makes them the owner, and answers the reservation read back', async () => {
    hotels = { 'token-prague': fakeHotel() };
    const transferred = await adapter().transferToGuest('R1', buyer);
    expect(transferred).toMatchObject({
      externalId: 'R1',
      guest: { email: 'erika@example.com', firstName: 'Erika', lastName: 'Mustermann' },
    });
    expect(writes()).toEqual([
      {
        operation: 'customers/getAll',
        body: {
          ...tokens,
          Emails: ['erika@example.com'],
          Extent: { Customers: true, Addresses: false },
          Limitation: { Count: 10 },
        },
      },
      {
        operation: 'customers/add',
        body: {
          ...tokens,
          FirstName: 'Erika',
          LastName: 'Mustermann',
          Email: 'erika@example.com',
          OverwriteExisting: false,
        },
      },
      { operation: 'reservations/updateCustomer', body: { ...tokens, ReservationId: 'R1', CustomerId: 'C2' } },
    ]);
    // The read-back: the reservation again by id, then its (new) owner.
    const readBack = calls.slice(calls.findIndex((c) => c.operation === 'reservations/updateCustomer') + 1);
    expect(readBack[0]).toEqual({
      operation: 'reservations/getAll/2023-06-06',
      body: { ...tokens, ReservationIds: ['R1'], Limitation: { Count: 10 } },
    });
    expect(readBack.find((c) => c.operation === 'customers/getAll')?.body.CustomerIds).toEqual(['C2']);
  });

  it('uses the customer the hotel already has with that email instead of adding one', async () => {
    hotels = {
      'token-prague': fakeHotel({ customers: [customer(), customer({ Id: 'C7', Email: 'erika@example.com' })] }),
    };
    await adapter().transferToGuest('R1', buyer);
    expect(writes().map((c) => c.operation)).toEqual(['customers/getAll', 'reservations/updateCustomer']);
    expect(writes()[1]!.body.CustomerId).toBe('C7');
  });

  it('also asks for the email in lower case, so a hotel matching exactly still finds its customer', async () => {
    hotels = {
      'token-prague': fakeHotel({ customers: [customer(), customer({ Id: 'C7', Email: 'erika@example.com' })] }),
    };
    await adapter().transferToGuest('R1', { ...buyer, email: 'Erika@Example.com' });
    expect(writes()[0]!.body.Emails).toEqual(['Erika@Example.com', 'erika@example.com']);
    expect(writes().map((c) => c.operation)).toEqual(['customers/getAll', 'reservations/updateCustomer']);
  });

  it('writes nothing when the reservation is already in the buyer’s name (a repeated job)', async () => {
    hotels = { 'token-prague': fakeHotel({ customers: [customer({ Email: 'ERIKA@example.com' })] }) };
    expect(await adapter().transferToGuest('R1', buyer)).toMatchObject({ guest: { email: 'ERIKA@example.com' } });
    expect(writes()).toEqual([]);
  });

  it('refuses, without writing, a reservation the hotel cancelled or no longer has', async () => {
    hotels = { 'token-prague': fakeHotel({ reservations: [reservation({ State: 'Canceled' })] }) };
    expect(await transferError(adapter().transferToGuest('R1', buyer))).toMatchObject({ kind: 'refused' });
    expect(await transferError(adapter().transferToGuest('R404', buyer))).toMatchObject({ kind: 'refused' });
    expect(writes()).toEqual([]);
  });

  it.each([
    ['401 (access revoked)', 401, 'Invalid AccessToken'],
    ['403 (not permitted)', 403, 'The enterprise does not allow this operation.'],
    ['400 (a validation error)', 400, 'Reservation in state Started cannot be updated.'],
  ])('takes a %s on the owner change as a refusal, with Mews’ message', async (_name, status, message) => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(http.post(`${PLATFORM}/api/connector/v1/reservations/updateCustomer`, () => mewsError(status, message)));
    expect(await transferError(adapter().transferToGuest('R1', buyer))).toMatchObject({ kind: 'refused', message });
    expect(sleeps).toEqual([]);
  });

  it('refuses when adding the customer fails validation (a 400 on customers/add)', async () => {
    hotels = { 'token-prague': fakeHotel() };
    const error = await transferError(adapter().transferToGuest('R1', { ...buyer, lastName: '' }));
    expect(error).toMatchObject({ kind: 'refused', message: 'Invalid LastName' });
    expect(writes().map((c) => c.operation)).toEqual(['customers/getAll', 'customers/add']);
  });

  it('hands a 429 back at once with its Retry-After, for the job to come back then', async () => {
    hotels = { 'token-prague': fakeHotel() };
    let limited = 0;
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/updateCustomer`, () => {
        limited++;
        return HttpResponse.json({ Message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '7' } });
      }),
    );
    const error = await transferError(adapter().transferToGuest('R1', buyer));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 });
    expect(limited).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['a 500', () => mewsError(500, 'Server error')],
    ['a 503 page', () => new HttpResponse('<h1>Down</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } })],
    ['a network error', () => HttpResponse.error()],
  ])('takes %s on customers/getAll as the hotel being unavailable', async (_name, reply) => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/customers/getAll`, async ({ request }) => {
        const body = (await request.clone().json()) as { Emails?: string[] };
        return body.Emails ? reply() : undefined;
      }),
    );
    expect(await transferError(adapter().transferToGuest('R1', buyer))).toMatchObject({ kind: 'unavailable' });
    expect(calls.some((c) => c.operation === 'reservations/updateCustomer')).toBe(false);
  });

  it('takes an owner change that does not answer in time as the hotel being unavailable', async () => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/reservations/updateCustomer`, async () => {
        await delay(5_000);
        return HttpResponse.json({});
      }),
    );
    const started = Date.now();
    expect(await transferError(adapter({ timeoutMs: 100 }).transferToGuest('R1', buyer))).toMatchObject({
      kind: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports the change as not visible yet (unavailable) when the read-back still names the seller', async () => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(http.post(`${PLATFORM}/api/connector/v1/reservations/updateCustomer`, () => HttpResponse.json({})));
    const error = await transferError(adapter().transferToGuest('R1', buyer));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: "The hotel's system does not show the new owner yet.",
    });
  });

  it('takes an owner-change reply of another shape than {} as the hotel being unavailable', async () => {
    hotels = { 'token-prague': fakeHotel() };
    mews.use(http.post(`${PLATFORM}/api/connector/v1/reservations/updateCustomer`, () => HttpResponse.json([1])));
    expect(await transferError(adapter().transferToGuest('R1', buyer))).toMatchObject({ kind: 'unavailable' });
  });
});
