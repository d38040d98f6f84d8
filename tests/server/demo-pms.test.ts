import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoRows, resetDemoData, seedDemoData } from '../../server/standins/demo/seed.ts';
import { AppError } from '../../server/http/errors.ts';
import { DEMO_MEWS_CLIENT_TOKEN, DEMO_PMS_HOTELS, demoMewsAccessTokens } from '../../server/standins/demo/demo-data.ts';
import { resetDemoPms } from '../../server/standins/demo/demo-seed.ts';
import { enterpriseByAccessToken } from '../../server/standins/mews/demo-mews-enterprises.ts';
import { createMewsPms, hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';
import { nullablePms } from '../helpers/nullable-pms.ts';
import { startDemoPms, type DemoPmsNotice } from '../helpers/demo-pms-fixture.ts';

const nullablePmsOf = (options: Parameters<typeof createMewsPms>[0]) => nullablePms(createMewsPms(options));

const NOW = new Date('2026-03-10T21:30:00Z');
const DAY_MS = 86_400_000;
const STAYS = DEMO_PMS_HOTELS.flatMap((hotel) => hotel.stays.map((stay) => ({ hotel, stay })));
/** The marketplace seed's reservations, which the demo PMS holds too. */
const LISTED = buildDemoRows(NOW).reservations;
const ALL_RESERVATIONS = STAYS.length + LISTED.length;

let database: Awaited<ReturnType<typeof startDemoPms>>['database'];
let url: string;
let pms: Awaited<ReturnType<typeof startDemoPms>>['pms'];
let stop: (() => Promise<void>) | undefined;
/** What the demo PMS told Restay's webhook receiver. */
const notices: DemoPmsNotice[] = [];

beforeAll(async () => {
  ({ database, url, pms, stop } = await startDemoPms(NOW, notices));
});

afterAll(async () => {
  await stop?.();
});

/** A raw Connector call to the demo PMS, for what the adapter never sends. */
async function connector(operation: string, body: unknown, raw = false) {
  const response = await fetch(`${url}/demo-mews/api/connector/v1/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ? String(body) : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
const MEWS_RESERVATION_FIELDS = [
  'Id',
  'ServiceId',
  'AccountId',
  'AccountType',
  'BookerId',
  'Number',
  'State',
  'Origin',
  'CreatedUtc',
  'UpdatedUtc',
  'CancelledUtc',
  'RateId',
  'VoucherId',
  'TravelAgencyId',
  'PartnerCompanyId',
  'AvailabilityBlockId',
  'CommanderOrigin',
  'RequestedResourceCategoryId',
  'AssignedResourceId',
  'AssignedResourceLocked',
  'ChannelNumber',
  'CancellationReason',
  'StartUtc',
  'EndUtc',
  'ScheduledStartUtc',
  'ActualStartUtc',
  'ScheduledEndUtc',
  'ActualEndUtc',
  'Purpose',
  'PersonCounts',
  'Options',
];
const tokens = (accessToken = DEMO_PMS_HOTELS[0]!.accessToken) => ({
  ClientToken: DEMO_MEWS_CLIENT_TOKEN,
  AccessToken: accessToken,
  Client: 'Restay test',
});

describe('demo PMS data', () => {
  it('has at least 10 reservations in 5 cities on 3 continents, dated from the moment it was created', () => {
    expect(STAYS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_PMS_HOTELS.map((h) => h.city)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_PMS_HOTELS.map((h) => h.timeZone.split('/')[0])).size).toBeGreaterThanOrEqual(3);
    const numbers = STAYS.map(({ stay }) => stay.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) expect(number).toMatch(/^[A-Z]{3}-\d{5}$/);
    expect(STAYS.filter(({ stay }) => stay.state === 'Canceled')).toHaveLength(1);
    expect(STAYS.filter(({ stay }) => stay.state === 'Started')).toHaveLength(1);
    expect(STAYS.filter(({ stay }) => stay.guest.otaEmail)).toHaveLength(1);
  });

  it('seeds every stay in the future except the one that started yesterday', async () => {
    const rows = await database.db.selectFrom('demo_pms_reservations').selectAll().execute();
    expect(rows).toHaveLength(ALL_RESERVATIONS);
    for (const row of rows) {
      const start = new Date(row.scheduled_start_utc).getTime();
      const end = new Date(row.scheduled_end_utc).getTime();
      if (row.state === 'Started') {
        expect(start).toBeLessThan(NOW.getTime());
        expect(NOW.getTime() - start).toBeLessThan(2 * DAY_MS);
      } else {
        expect(start, row.number).toBeGreaterThan(NOW.getTime());
      }
      expect(end, row.number).toBeGreaterThan(NOW.getTime());
    }
  });

  it('checks guests in at 15:00 and out at 11:00 on the hotel clock', async () => {
    const tokyo = await pms.findByConfirmationNumber('TYO-51642');
    const format = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' }).format(date);
    expect(format(tokyo!.startUtc)).toBe('15:00');
    expect(format(tokyo!.endUtc)).toBe('11:00');
    expect(tokyo!.endUtc.getTime() - tokyo!.startUtc.getTime()).toBe(5 * DAY_MS - 4 * 3_600_000);
  });
});

describe('the Mews adapter against the demo PMS', () => {
  it('remembers in the database which hotel holds each reservation found, for the next process to ask first', async () => {
    await database.db.deleteFrom('pms_hotel_directory').execute();
    const tokyo = await pms.findByConfirmationNumber('TYO-51642');
    const remembered = await database.db
      .selectFrom('pms_hotel_directory')
      .select(['reference', 'hotel_key'])
      .where('reference', 'in', [`id:${tokyo!.externalId}`, 'number:TYO-51642'])
      .orderBy('reference')
      .execute();
    const tokyoToken = demoMewsAccessTokens().find((token) => remembered[0]?.hotel_key === hotelKeyOf(token));
    expect(tokyoToken).toBeDefined();
    expect(remembered.map((row) => row.reference)).toEqual([`id:${tokyo!.externalId}`, 'number:TYO-51642']);
    expect(new Set(remembered.map((row) => row.hotel_key)).size).toBe(1);
  });

  it('can make an owner change and lose its reply, as a timeout after the hotel acted', async () => {
    const { id } = await database.db
      .selectFrom('demo_pms_reservations')
      .select('id')
      .where('state', '=', 'Confirmed')
      .where('transfer_behaviour', 'is', null)
      // One no other test reads (the Lisbon and Tokyo stays are read by number).
      .where('number', 'not in', ['LIS-48213', 'TYO-51642'])
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('demo_pms_reservations')
      .set({ transfer_behaviour: 'lose_reply' })
      .where('id', '=', id)
      .execute();
    const guest = { firstName: 'Lia', lastName: 'Lost', email: 'lia.lost@example.com' };
    const lost = await pms.transferToGuest(id, guest).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(PmsTransferError);
    expect(lost).toMatchObject({ kind: 'unavailable' });
    // The change was made: a read names the new guest, and asking again answers the reservation as it is.
    expect((await pms.findByExternalId(id))?.guest.email).toBe(guest.email);
    expect((await pms.transferToGuest(id, guest)).guest.email).toBe(guest.email);
  });

  it('fails with UPSTREAM_ERROR when the demo PMS refuses its tokens (401)', async () => {
    const bad = nullablePmsOf({
      platformUrl: () => `${url}/demo-mews`,
      clientToken: DEMO_MEWS_CLIENT_TOKEN,
      accessTokens: ['nope'],
      clientName: 'x',
    });
    await expect(bad.findByConfirmationNumber('LIS-48213')).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      status: 502,
    });
    const wrongClient = nullablePmsOf({
      platformUrl: () => `${url}/demo-mews`,
      clientToken: 'nope',
      accessTokens: demoMewsAccessTokens(),
      clientName: 'x',
    });
    await expect(wrongClient.findByConfirmationNumber('LIS-48213')).rejects.toBeInstanceOf(AppError);
  });

  it('reads a hotel’s resale catalog from that hotel’s system alone, whatever else is connected', async () => {
    const askedWith: string[] = [];
    const recording = createMewsPms({
      platformUrl: () => `${url}/demo-mews`,
      clientToken: DEMO_MEWS_CLIENT_TOKEN,
      accessTokens: demoMewsAccessTokens(),
      clientName: 'Restay test',
      fetch: (input, init) => {
        askedWith.push(JSON.parse(String(init?.body)).AccessToken);
        return fetch(input, init);
      },
    });
    const hotel = DEMO_PMS_HOTELS.at(-1)!;
    const catalog = await recording.readResaleCatalog!(hotelKeyOf(hotel.accessToken));
    expect(catalog.roomTypes.map((type) => type.name).sort()).toEqual(
      hotel.categories.map((category) => category.name).sort(),
    );
    expect(catalog.rates.length).toBeGreaterThan(0);
    expect(new Set(askedWith)).toEqual(new Set([hotel.accessToken]));

    askedWith.length = 0;
    await expect(recording.readResaleCatalog!(hotelKeyOf('not connected'))).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
    expect(askedWith).toEqual([]);
  });
});

describe('the demo PMS wire rules', () => {
  it('answers 401 with a Message for a wrong client or access token', async () => {
    const reply = { RequestId: null, Details: null };
    expect(await connector('configuration/get', { ...tokens(), AccessToken: 'nope' })).toEqual({
      status: 401,
      body: { Message: 'Invalid AccessToken', ...reply },
    });
    expect(await connector('configuration/get', { ...tokens(), ClientToken: 'nope' })).toEqual({
      status: 401,
      body: { Message: 'Invalid ClientToken', ...reply },
    });
    expect((await connector('configuration/get', { AccessToken: 'x' })).status).toBe(401);
  });

  it('trusts a known access token for a few seconds, finds a new one at once, and refuses a removed one after', async () => {
    let now = 0;
    const enterpriseOf = enterpriseByAccessToken(database.db, { rememberMs: 5_000, now: () => now });
    const id = randomUUID();
    const accessToken = `joined-${id}`;
    expect(await enterpriseOf(accessToken)).toBeUndefined();
    const [seeded] = await database.db.selectFrom('demo_pms_enterprises').selectAll().limit(1).execute();
    await database.db
      .insertInto('demo_pms_enterprises')
      .values({ ...seeded!, id, access_token: accessToken, service_id: randomUUID(), name: 'Hotel Joined' })
      .execute();
    // An unknown token was not remembered: the hotel that joined a moment ago is found.
    expect(await enterpriseOf(accessToken)).toMatchObject({ id, name: 'Hotel Joined' });
    await database.db.deleteFrom('demo_pms_enterprises').where('id', '=', id).execute();
    now = 4_999;
    expect(await enterpriseOf(accessToken)).toMatchObject({ id });
    now = 5_000;
    expect(await enterpriseOf(accessToken)).toBeUndefined();
  });

  it('insists on Limitation and the other required fields, and on JSON', async () => {
    const messageOf = async (operation: string, body: unknown) => (await connector(operation, body)).body.Message;
    expect(await connector('reservations/getAll/2023-06-06', { ...tokens(), Numbers: ['LIS-48213'] })).toMatchObject({
      status: 400,
      body: { Message: 'Invalid Limitation' },
    });
    expect(await messageOf('reservations/getAll/2023-06-06', { ...tokens(), Limitation: { Count: 0 } })).toBe(
      'Invalid Limitation',
    );
    expect(await messageOf('reservations/getAll/2023-06-06', { ...tokens(), Limitation: { Count: 1001 } })).toBe(
      'Invalid Limitation',
    );
    expect(
      await messageOf('reservations/getAll/2023-06-06', { ...tokens(), Limitation: { Count: 1, Cursor: 'R1' } }),
    ).toBe('Invalid Limitation');
    expect(
      await messageOf('reservations/getAll/2023-06-06', {
        ...tokens(),
        ReservationIds: ['R1'],
        Limitation: { Count: 1 },
      }),
    ).toBe('Invalid ReservationIds');
    expect(await messageOf('customers/getAll', { ...tokens(), Limitation: { Count: 1 } })).toBe('Invalid Extent');
    expect(await messageOf('resources/getAll', { ...tokens(), Limitation: { Count: 1 } })).toBe('Invalid Extent');
    expect(await messageOf('resourceCategories/getAll', { ...tokens(), Limitation: { Count: 1 } })).toBe(
      'Invalid ServiceIds',
    );
    expect(await messageOf('orderItems/getAll', { ...tokens(), Limitation: { Count: 1 } })).toBe(
      'Invalid ServiceOrderIds',
    );
    expect(await connector('configuration/get', '{"ClientToken":', true)).toMatchObject({
      status: 400,
      body: { Message: 'Invalid JSON' },
    });
    expect((await connector('reservations/getAll', { ...tokens(), Limitation: { Count: 1 } })).status).toBe(404);
  });

  it('confines every access token to its own hotel', async () => {
    const [lisbon, prague] = DEMO_PMS_HOTELS;
    const own = await connector('reservations/getAll/2023-06-06', {
      ...tokens(lisbon!.accessToken),
      Numbers: ['LIS-48213'],
      Limitation: { Count: 10 },
    });
    expect(own.body.Reservations).toHaveLength(1);
    // Every field of the reservation Mews documents is there, with its documented spelling.
    expect(Object.keys(own.body.Reservations[0]).sort()).toEqual(MEWS_RESERVATION_FIELDS.sort());
    expect(own.body.Reservations[0]).toMatchObject({
      Number: 'LIS-48213',
      State: 'Confirmed',
      AccountType: 'Customer',
      PersonCounts: [{ Count: 2 }],
      ScheduledStartUtc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    const other = await connector('reservations/getAll/2023-06-06', {
      ...tokens(prague!.accessToken),
      Numbers: ['LIS-48213'],
      Limitation: { Count: 10 },
    });
    expect(other.body).toEqual({ Reservations: [], Cursor: null });
    const items = await connector('orderItems/getAll', {
      ...tokens(prague!.accessToken),
      ServiceOrderIds: [own.body.Reservations[0].Id],
      Limitation: { Count: 10 },
    });
    expect(items.body.OrderItems).toEqual([]);
  });

  it('pages by cursor as Mews does', async () => {
    const lisbon = DEMO_PMS_HOTELS[0]!;
    const { body } = await connector('reservations/getAll/2023-06-06', {
      ...tokens(),
      Numbers: ['LIS-48213'],
      Limitation: { Count: 1 },
    });
    const reservationId = body.Reservations[0].Id;
    const all = await connector('orderItems/getAll', {
      ...tokens(),
      ServiceOrderIds: [reservationId],
      Limitation: { Count: 1000 },
    });
    // Three nights and three city taxes, plus the cancelled breakfast.
    expect(all.body.OrderItems).toHaveLength(lisbon.stays[0]!.nights * 2 + 1);
    const paged: unknown[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const next = await connector('orderItems/getAll', {
        ...tokens(),
        ServiceOrderIds: [reservationId],
        Limitation: { Count: 2, Cursor: cursor },
      });
      paged.push(...next.body.OrderItems);
      cursor = next.body.Cursor;
      if (next.body.OrderItems.length < 2) break;
    }
    expect(paged).toEqual(all.body.OrderItems);
    expect(all.body.OrderItems[0]).toMatchObject({
      ServiceOrderId: reservationId,
      Type: 'SpaceOrder',
      AccountingState: 'Open',
      Amount: { Currency: 'EUR', GrossValue: 145, TaxValues: [{ Code: 'PT-2016-R' }] },
    });
  });
});

describe('GET /dev/pms', () => {
  it('lists the demo reservations as JSON, with the price paid in major units', async () => {
    const response = await fetch(`${url}/dev/pms.json`);
    const body = (await response.json()) as any;
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(ALL_RESERVATIONS);
    const lisbon = body.data.find((r: { confirmationNumber: string }) => r.confirmationNumber === 'LIS-48213');
    expect(Object.keys(lisbon).sort()).toEqual(
      [
        'amountPaid',
        'billItems',
        'billPayments',
        'city',
        'confirmationNumber',
        'currency',
        'email',
        'endUtc',
        'hotelName',
        'notes',
        'startUtc',
        'state',
        'tasks',
      ].sort(),
    );
    expect(lisbon).toMatchObject({
      email: 'ana.silva@example.com',
      hotelName: 'Casa do Tejo Hotel',
      city: 'Lisbon',
      state: 'Confirmed',
      amountPaid: 447,
      currency: 'EUR',
    });
    expect(new Date(lisbon.startUtc).toISOString()).toBe(lisbon.startUtc);
    const tokyo = body.data.find((r: { confirmationNumber: string }) => r.confirmationNumber === 'TYO-51642');
    expect(tokyo).toMatchObject({ amountPaid: 5 * (31_000 + 200), currency: 'JPY' });
  });

  it('lists them on an HTML page, escaping every value', async () => {
    await database.db
      .updateTable('demo_pms_customers')
      .set({ email: '<b>ana</b>@example.com' })
      .where('email', '=', 'ana.silva@example.com')
      .execute();
    const response = await fetch(`${url}/dev/pms`);
    const page = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<th scope="col">Confirmation number</th>');
    expect(page).toContain('&lt;b&gt;ana&lt;/b&gt;@example.com');
    expect(page).not.toContain('<b>ana</b>');
    expect(page).toContain('<th scope="col">Imported</th>');
    expect(page).toContain('on <a href="/list-my-reservation">List Your Stay</a>');
    // The reservations a tester can still list come before those already in the marketplace.
    expect(page.indexOf('LIS-48213')).toBeLessThan(page.indexOf(LISTED[0]!.confirmation_number));
    expect(page.match(/<td>Yes<\/td>/g)).toHaveLength(LISTED.length);
    expect(page).toContain('¥156,000');
  });
});

describe('re-seeding the demo PMS', () => {
  it('replaces every demo PMS row with the same reservations, ids included', async () => {
    const before = await database.db
      .selectFrom('demo_pms_reservations')
      .select(['id', 'number'])
      .orderBy('id')
      .execute();
    await database.db.updateTable('demo_pms_reservations').set({ state: 'Processed' }).execute();

    expect(await resetDemoPms(database.db, NOW, buildDemoRows(NOW))).toEqual({ reservations: ALL_RESERVATIONS });
    const after = await database.db
      .selectFrom('demo_pms_reservations')
      .select(['id', 'number', 'state'])
      .orderBy('id')
      .execute();
    expect(after.map(({ id, number }) => ({ id, number }))).toEqual(before);
    expect(after.filter((r) => r.state === 'Processed')).toEqual([]);
    expect((await pms.findByConfirmationNumber('LIS-48213'))?.guest.email).toBe('ana.silva@example.com');

    const later = new Date(NOW.getTime() + 30 * DAY_MS);
    expect(await resetDemoData(database.db, later)).toMatchObject({ pmsReservations: ALL_RESERVATIONS });
    const lisbon = await pms.findByConfirmationNumber('LIS-48213');
    expect(lisbon!.startUtc.getTime()).toBeGreaterThan(later.getTime());
    // Start-up seeding leaves a filled demo PMS alone.
    await seedDemoData(database.db, NOW);
    expect((await pms.findByConfirmationNumber('LIS-48213'))!.startUtc).toEqual(lisbon!.startUtc);
  });
});

describe('the Mews adapter’s write side against the demo PMS', () => {
  const confirmed = STAYS.filter(({ stay }) => (stay.state ?? 'Confirmed') === 'Confirmed' && !stay.guest.otaEmail);
  const buyer = { firstName: 'Erika', lastName: 'Mustermann', email: 'erika.buyer@example.com' };
  const listedAs = async (number: string) =>
    ((await (await fetch(`${url}/dev/pms.json`)).json()) as any).data.find(
      (r: { confirmationNumber: string }) => r.confirmationNumber === number,
    );
  const transferError = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (reason: unknown) => reason,
    );

  it('puts a confirmed reservation in the buyer’s name, visible in /dev/pms.json, and repeats safely', async () => {
    const { stay } = confirmed[0]!;
    const found = (await pms.findByConfirmationNumber(stay.number))!;
    const transferred = await pms.transferToGuest(found.externalId, buyer);
    expect(transferred).toMatchObject({
      externalId: found.externalId,
      state: 'confirmed',
      guest: { email: buyer.email, firstName: 'Erika', lastName: 'Mustermann' },
    });
    expect(await listedAs(stay.number)).toMatchObject({ email: buyer.email });
    // A repeated job finds it done; a second stay for the same buyer reuses the customer the hotel now has.
    expect(await pms.transferToGuest(found.externalId, buyer)).toEqual(transferred);
    const second = (await pms.findByConfirmationNumber(confirmed[1]!.stay.number))!;
    await pms.transferToGuest(second.externalId, { ...buyer, email: 'ERIKA.BUYER@example.com' });
    const customers = await database.db
      .selectFrom('demo_pms_customers')
      .select('id')
      .where('email', '=', buyer.email)
      .execute();
    expect(customers).toHaveLength(1);
  });

  it('keeps the tasks and notes added to a reservation, shown on /dev/pms, and refuses another hotel’s', async () => {
    const [{ stay }, other] = [confirmed[1]!, confirmed.find(({ hotel }) => hotel !== confirmed[1]!.hotel)!];
    const found = (await pms.findByConfirmationNumber(stay.number))!;
    const hotel = { enterpriseId: found.hotel.enterpriseId };
    const deadline = new Date(NOW.getTime() + DAY_MS);
    const task = { reservationId: found.externalId, name: 'Restay: approve', description: 'See the console', deadline };
    await pms.addReservationTask!(hotel, task);
    await pms.addReservationNote!(hotel, found.externalId, 'Transferred to Erika through Restay, order o1');
    expect(await listedAs(stay.number)).toMatchObject({
      tasks: [{ name: 'Restay: approve', description: 'See the console', deadlineUtc: deadline.toISOString() }],
      notes: ['Transferred to Erika through Restay, order o1'],
    });
    const page = await (await fetch(`${url}/dev/pms`)).text();
    expect(page).toContain('Task: <strong>Restay: approve</strong>');
    expect(page).toContain('Note: Transferred to Erika through Restay, order o1');

    const elsewhere = (await pms.findByConfirmationNumber(other.stay.number))!;
    const refused = await transferError(
      pms.addReservationTask!(hotel, { ...task, reservationId: elsewhere.externalId }),
    );
    expect(refused).toMatchObject({ kind: 'refused', message: 'Invalid ServiceOrderId' });
  });

  it('refuses for good the reservation whose hotel never allows an owner change (403)', async () => {
    const refusing = LISTED[0]!;
    const error = await transferError(pms.transferToGuest(refusing.external_id, buyer));
    expect(error).toBeInstanceOf(PmsTransferError);
    expect(error).toMatchObject({ kind: 'refused' });
    expect((await listedAs(refusing.confirmation_number)).email).not.toBe(buyer.email);
  });

  it('fails twice with an outage, then accepts, for the flaky demo reservation', async () => {
    const flaky = LISTED[1]!;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await transferError(pms.transferToGuest(flaky.external_id, buyer))).toMatchObject({ kind: 'unavailable' });
    }
    expect(await pms.transferToGuest(flaky.external_id, buyer)).toMatchObject({ guest: { email: buyer.email } });
  });

  it('refuses a reservation that was cancelled or has started', async () => {
    for (const { stay } of STAYS.filter(({ stay }) => stay.state === 'Canceled' || stay.state === 'Started')) {
      const found = (await pms.findByConfirmationNumber(stay.number))!;
      expect(await transferError(pms.transferToGuest(found.externalId, buyer)), stay.number).toMatchObject({
        kind: 'refused',
      });
    }
  });
});

describe('POST /dev/pms/:number/cancel', () => {
  const cancel = (number: string) =>
    fetch(`${url}/dev/pms/${encodeURIComponent(number)}/cancel`, { method: 'POST', redirect: 'manual' });

  it('cancels a confirmed reservation as the hotel would, tells Restay as Mews does, and returns to the page', async () => {
    const { hotel, stay } = STAYS.find(
      ({ stay }) => (stay.state ?? 'Confirmed') === 'Confirmed' && stay.number !== 'LIS-48213',
    )!;
    const page = await (await fetch(`${url}/dev/pms`)).text();
    expect(page).toContain(`<button type="submit" aria-label="Cancel reservation ${stay.number}">Cancel</button>`);
    const found = (await pms.findByConfirmationNumber(stay.number))!;
    notices.length = 0;

    const reply = await cancel(stay.number);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/dev/pms');
    expect(await pms.findByExternalId(found.externalId)).toMatchObject({ state: 'cancelled' });
    const enterprise = await database.db
      .selectFrom('demo_pms_enterprises')
      .select('id')
      .where('access_token', '=', hotel.accessToken)
      .executeTakeFirstOrThrow();
    expect(notices).toEqual([{ enterpriseId: enterprise.id, reservationId: found.externalId }]);
    const json = ((await (await fetch(`${url}/dev/pms.json`)).json()) as any).data;
    expect(json.find((r: { confirmationNumber: string }) => r.confirmationNumber === stay.number).state).toBe(
      'Canceled',
    );
    expect(await (await fetch(`${url}/dev/pms`)).text()).not.toContain(
      `aria-label="Cancel reservation ${stay.number}"`,
    );

    // Already cancelled: nothing to do, nobody told.
    expect((await cancel(stay.number)).status).toBe(409);
    expect((await cancel('NO-SUCH-1')).status).toBe(404);
    expect(notices).toHaveLength(1);
  });
});
