import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { DEMO_MEWS_CLIENT_TOKEN, DEMO_PMS_HOTELS, demoMewsAccessTokens } from '../../server/standins/demo/demo-data.ts';
import { demoMewsRouter } from '../../server/standins/mews/demo-mews-routes.ts';
import { devPmsRouter } from '../../server/standins/mews/dev-pms-routes.ts';
import { createDemoMewsDelays } from '../../server/standins/mews/demo-mews-delays.ts';
import { databaseHotelDirectory } from '../../server/selling/pms/hotel-directory.ts';
import { FEE_PAYMENT_TYPE } from '../../server/selling/pms/mews-bill.ts';
import { createMewsPms } from '../../server/selling/pms/mews-pms.ts';
import { PmsBillError, type Pms } from '../../server/selling/pms/pms.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Posting a name-change fee to a reservation's bill: the real Mews adapter against the demo PMS over HTTP, and
 * the demo PMS against the shapes Mews documents for orders/add and payments/addExternal (errors included).
 */

const NOW = new Date('2026-03-10T21:30:00Z');
const ORDER_ID = '7c0e1f3a-9b2d-4e5f-8a6b-1c2d3e4f5a6b';
const FEE = { orderId: ORDER_ID, itemName: 'Name-change fee (Restay resale)', amountCents: 2_550, currency: 'EUR' };
const NOTHING_DONE = { pmsOrderId: null, pmsPaymentId: null };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let url: string;
let pms: Pms;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
  // The demo PMS remembers a token's hotel for a few seconds: the hotel that has not granted the bill calls is
  // one before anything asks it.
  await database.db
    .updateTable('demo_pms_enterprises')
    .set({ orders_granted: false })
    .where('id', '=', (await confirmedReservation(UNGRANTED)).enterprise_id)
    .execute();
  const app = express();
  app.use('/demo-mews', demoMewsRouter({ db: database.db, clock: () => NOW }));
  app.use(
    '/dev',
    devPmsRouter({
      db: database.db,
      clock: () => NOW,
      notify: async () => {},
      connect: async () => null,
      delays: createDemoMewsDelays(),
    }),
  );
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pms = createMewsPms({
    platformUrl: () => `${url}/demo-mews`,
    clientToken: DEMO_MEWS_CLIENT_TOKEN,
    accessTokens: demoMewsAccessTokens(),
    clientName: 'Restay test',
    directory: databaseHotelDirectory({ db: database.db, clock: () => NOW }),
  });
  await pms.syncDirectory!(NOW);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

const db = () => database.db;
/** The confirmed stay (by index) at the hotel that has not granted the bill calls: the last hotel's. */
const UNGRANTED = -1;

/** A confirmed demo reservation and its hotel, by the index of the confirmed stays. */
async function confirmedReservation(index: number) {
  const stays = DEMO_PMS_HOTELS.flatMap((hotel) =>
    hotel.stays.filter((stay) => (stay.state ?? 'Confirmed') === 'Confirmed').map((stay) => ({ hotel, stay })),
  );
  const { stay } = stays.at(index)!;
  const row = await db()
    .selectFrom('demo_pms_reservations')
    .select(['id', 'enterprise_id', 'customer_id'])
    .where('number', '=', stay.number)
    .executeTakeFirstOrThrow();
  const enterprise = await db()
    .selectFrom('demo_pms_enterprises')
    .selectAll()
    .where('id', '=', row.enterprise_id)
    .executeTakeFirstOrThrow();
  return { ...row, enterprise };
}

async function connector(operation: string, accessToken: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/demo-mews/api/connector/v1/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ClientToken: DEMO_MEWS_CLIENT_TOKEN,
      AccessToken: accessToken,
      Client: 'Test 1.0',
      ...body,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('posting the fee to the bill through Mews', () => {
  it('adds the fee as an order item linked to the reservation, then the money collected as an external payment', async () => {
    const reservation = await confirmedReservation(0);
    const posted = await pms.postFeeToBill!(
      reservation.id,
      { enterpriseId: reservation.enterprise_id },
      FEE,
      NOTHING_DONE,
    );
    expect(posted).toEqual({ pmsOrderId: expect.any(String), pmsPaymentId: expect.any(String) });
    const order = await db()
      .selectFrom('demo_pms_orders')
      .selectAll()
      .where('id', '=', posted.pmsOrderId!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      service_id: reservation.enterprise.service_id,
      account_id: reservation.customer_id,
      linked_reservation_id: reservation.id,
      item_name: 'Name-change fee (Restay resale)',
      unit_count: 1,
      currency: 'EUR',
      external_identifier: ORDER_ID,
    });
    expect(Number(order.gross_value)).toBe(25.5);
    const payment = await db()
      .selectFrom('demo_pms_external_payments')
      .selectAll()
      .where('id', '=', posted.pmsPaymentId!)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      account_id: reservation.customer_id,
      reservation_id: reservation.id,
      currency: 'EUR',
      type: FEE_PAYMENT_TYPE,
      external_identifier: ORDER_ID,
    });
    expect(Number(payment.gross_value)).toBe(25.5);
    // /dev/pms shows it on the reservation, as the hotel's own system would.
    const listed = ((await (await fetch(`${url}/dev/pms.json`)).json()) as { data: Record<string, unknown>[] }).data;
    const number = (
      await db()
        .selectFrom('demo_pms_reservations')
        .select('number')
        .where('id', '=', reservation.id)
        .executeTakeFirstOrThrow()
    ).number;
    expect(listed.find((row) => row.confirmationNumber === number)).toMatchObject({
      billItems: expect.stringMatching(/^Name-change fee \(Restay resale\) 25\.50? EUR$/),
      billPayments: expect.stringContaining(`Prepayment 25.5`),
    });
  });

  it('never makes a step again that an earlier attempt made', async () => {
    const reservation = await confirmedReservation(1);
    const before = await db().selectFrom('demo_pms_orders').select('id').execute();
    const posted = await pms.postFeeToBill!(reservation.id, { enterpriseId: reservation.enterprise_id }, FEE, {
      pmsOrderId: 'order-made-before',
      pmsPaymentId: null,
    });
    expect(posted.pmsOrderId).toBe('order-made-before');
    expect(await db().selectFrom('demo_pms_orders').select('id').execute()).toHaveLength(before.length);
  });

  it('says a hotel has not granted the calls (401), posting nothing', async () => {
    const reservation = await confirmedReservation(UNGRANTED);
    const refused = await pms.postFeeToBill!(
      reservation.id,
      { enterpriseId: reservation.enterprise_id },
      FEE,
      NOTHING_DONE,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PmsBillError);
    expect(refused).toMatchObject({ kind: 'not_granted', done: NOTHING_DONE });
    expect(
      await db()
        .selectFrom('demo_pms_orders')
        .select('id')
        .where('linked_reservation_id', '=', reservation.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('the demo PMS answers orders/add and payments/addExternal as Mews documents them', () => {
  it('refuses a body without its required fields, naming the field (400 Invalid <field>)', async () => {
    const { enterprise } = await confirmedReservation(0);
    const noService = await connector('orders/add', enterprise.access_token, {
      AccountId: '35d4b117-4e60-44a3-9580-c582117eff98',
      Items: [{ Name: 'Fee', UnitCount: 1, UnitAmount: { Currency: 'EUR', GrossValue: 1, TaxCodes: [] } }],
    });
    expect(noService).toEqual({ status: 400, body: expect.objectContaining({ Message: 'Invalid ServiceId' }) });
    const noTaxCodes = await connector('orders/add', enterprise.access_token, {
      ServiceId: enterprise.service_id,
      AccountId: '35d4b117-4e60-44a3-9580-c582117eff98',
      Items: [{ Name: 'Fee', UnitCount: 1, UnitAmount: { Currency: 'EUR', GrossValue: 1 } }],
    });
    expect(noTaxCodes.status).toBe(400);
    const noAmount = await connector('payments/addExternal', enterprise.access_token, {
      AccountId: '35d4b117-4e60-44a3-9580-c582117eff98',
    });
    expect(noAmount).toEqual({ status: 400, body: expect.objectContaining({ Message: 'Invalid Amount' }) });
  });

  it('refuses an unknown reservation and a wrong access token', async () => {
    const { enterprise } = await confirmedReservation(0);
    const unknown = await connector('payments/addExternal', enterprise.access_token, {
      AccountId: '35d4b117-4e60-44a3-9580-c582117eff98',
      ReservationId: '0f515589-99b4-423d-b83a-b237009f0509',
      Amount: { Currency: 'EUR', GrossValue: 1 },
    });
    expect(unknown).toEqual({ status: 400, body: expect.objectContaining({ Message: 'Invalid ReservationId' }) });
    const stranger = await connector('orders/add', 'not-a-token', {});
    expect(stranger.status).toBe(401);
  });

  it('answers the documented replies: OrderId and ExternalPaymentId', async () => {
    const { enterprise, customer_id } = await confirmedReservation(0);
    const order = await connector('orders/add', enterprise.access_token, {
      ServiceId: enterprise.service_id,
      AccountId: customer_id,
      Items: [{ Name: 'Fee', UnitCount: 1, UnitAmount: { Currency: 'EUR', GrossValue: 1, TaxCodes: [] } }],
    });
    expect(order).toEqual({ status: 200, body: { OrderId: expect.any(String) } });
    const payment = await connector('payments/addExternal', enterprise.access_token, {
      AccountId: customer_id,
      Amount: { Currency: 'EUR', GrossValue: 1 },
      Type: 'Prepayment',
    });
    expect(payment).toEqual({ status: 200, body: { ExternalPaymentId: expect.any(String) } });
  });
});
