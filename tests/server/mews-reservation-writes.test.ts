import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMewsPms } from '../../server/selling/pms/mews-pms.ts';
import { PmsTransferError } from '../../server/selling/pms/pms.ts';

/**
 * The Mews adapter's writes on a reservation, tasks/add and serviceOrderNotes/add, against the wire shapes the
 * Connector API documents (request fields, replies, and its `{ Message }` errors), outbound HTTP intercepted by MSW.
 */

const PLATFORM = 'https://api.mews.test';
const CLIENT_TOKEN = 'client-token-1';
const ENTERPRISE_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const RESERVATION_ID = 'c73cf884-ae2b-4fba-858c-ab1400b4c8c3';
const tokens = { ClientToken: CLIENT_TOKEN, AccessToken: 'token-prague', Client: 'Restay 1.0.0' };

let calls: { operation: string; body: unknown }[] = [];
const configuration = {
  NowUtc: '2026-08-10T12:00:00Z',
  Enterprise: {
    Id: ENTERPRISE_ID,
    Name: 'Hotel Example Prague',
    TimeZoneIdentifier: 'Europe/Prague',
    Address: { CountryCode: 'CZ', City: 'Prague' },
    Currencies: [{ Currency: 'CZK', IsDefault: true, IsEnabled: true }],
  },
};
const mewsError = (status: number, message: string, headers: Record<string, string> = {}) =>
  HttpResponse.json({ Message: message, RequestId: 'req-1', Details: null }, { status, headers });

/** The documented replies: tasks/add answers `{ TaskId }`, serviceOrderNotes/add the notes it added. */
const documented = [
  http.post(`${PLATFORM}/api/connector/v1/configuration/get`, () => HttpResponse.json(configuration)),
  http.post(`${PLATFORM}/api/connector/v1/tasks/add`, async ({ request }) => {
    calls.push({ operation: 'tasks/add', body: await request.json() });
    return HttpResponse.json({ TaskId: '11bcf947-d629-4781-89f9-ab1800d5aa47' });
  }),
  http.post(`${PLATFORM}/api/connector/v1/serviceOrderNotes/add`, async ({ request }) => {
    const body = (await request.json()) as { ServiceOrderNotes: { ServiceOrderId: string; Text: string }[] };
    calls.push({ operation: 'serviceOrderNotes/add', body });
    return HttpResponse.json({
      ServiceOrderNotes: body.ServiceOrderNotes.map((note) => ({
        Id: 'a06a225b-00f7-48c8-a463-af5c016768e9',
        OrderId: note.ServiceOrderId,
        Text: note.Text,
        Type: 'General',
        CreatedUtc: '2022-11-29T21:48:32Z',
        UpdatedUtc: '2022-11-30T12:36:37Z',
      })),
    });
  }),
];
const mews = setupServer(...documented);
beforeAll(() => mews.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mews.resetHandlers();
  calls = [];
});
afterAll(() => mews.close());

const adapter = () =>
  createMewsPms({
    platformUrl: () => PLATFORM,
    clientToken: CLIENT_TOKEN,
    accessTokens: ['token-prague'],
    clientName: 'Restay 1.0.0',
    timeoutMs: 200,
    sleep: async () => {},
  });
const hotel = { enterpriseId: ENTERPRISE_ID };
const task = {
  reservationId: RESERVATION_ID,
  name: 'Restay: approve or reject a resale',
  description: 'Approve or reject it in the Restay console: https://restay.example/hotel/h1/approvals',
  deadline: new Date('2026-08-11T12:00:00Z'),
};
const addTask = () => adapter().addReservationTask!(hotel, task);
const addNote = () =>
  adapter().addReservationNote!(hotel, RESERVATION_ID, 'Transferred to Erika Muster through Restay, order o1');

async function writeError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PmsTransferError);
  return error as PmsTransferError;
}

describe('Mews adapter: a task on the reservation (tasks/add)', () => {
  it('sends Name, Description, DeadlineUtc and ServiceOrderId with the tokens, to the hotel holding it', async () => {
    await addTask();
    expect(calls).toEqual([
      {
        operation: 'tasks/add',
        body: {
          ...tokens,
          Name: task.name,
          Description: task.description,
          DeadlineUtc: '2026-08-11T12:00:00.000Z',
          ServiceOrderId: RESERVATION_ID,
        },
      },
    ]);
  });

  it.each([
    ['401 (access revoked)', 401, 'Invalid AccessToken'],
    ['403 (the call not granted)', 403, 'The integration is not permitted to call tasks/add.'],
    ['400 (a validation error)', 400, 'Invalid DeadlineUtc'],
  ])('takes a %s as a refusal, with Mews’ message', async (_name, status, message) => {
    mews.use(http.post(`${PLATFORM}/api/connector/v1/tasks/add`, () => mewsError(status, message)));
    expect(await writeError(addTask())).toMatchObject({ kind: 'refused', message });
  });

  it('hands a 429 back at once with its Retry-After', async () => {
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/tasks/add`, () =>
        mewsError(429, 'Too many requests', { 'Retry-After': '7' }),
      ),
    );
    expect(await writeError(addTask())).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 });
  });

  it.each([
    ['a 500', () => mewsError(500, 'Server error')],
    ['a network error', () => HttpResponse.error()],
    ['a reply of another shape', () => HttpResponse.json({ Id: 'no TaskId' })],
  ])('takes %s as the hotel being unavailable', async (_name, reply) => {
    mews.use(http.post(`${PLATFORM}/api/connector/v1/tasks/add`, reply));
    expect(await writeError(addTask())).toMatchObject({ kind: 'unavailable' });
  });

  it('takes a timeout as the hotel being unavailable', async () => {
    mews.use(
      http.post(`${PLATFORM}/api/connector/v1/tasks/add`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return HttpResponse.json({ TaskId: 'late' });
      }),
    );
    expect(await writeError(addTask())).toMatchObject({ kind: 'unavailable' });
  });

  it('cannot write to a hotel none of its tokens opens', async () => {
    const error = await writeError(adapter().addReservationTask!({ enterpriseId: 'elsewhere' }, task));
    expect(error.kind).toBe('unavailable');
    expect(calls).toEqual([]);
  });
});

describe('Mews adapter: a note on the reservation (serviceOrderNotes/add)', () => {
  it('sends one note with its ServiceOrderId and Text, and reads the documented reply', async () => {
    await addNote();
    expect(calls).toEqual([
      {
        operation: 'serviceOrderNotes/add',
        body: {
          ...tokens,
          ServiceOrderNotes: [
            { ServiceOrderId: RESERVATION_ID, Text: 'Transferred to Erika Muster through Restay, order o1' },
          ],
        },
      },
    ]);
  });

  it.each([
    [403, 'refused'],
    [401, 'refused'],
    [500, 'unavailable'],
  ] as const)('takes a %s as %s', async (status, kind) => {
    mews.use(http.post(`${PLATFORM}/api/connector/v1/serviceOrderNotes/add`, () => mewsError(status, 'No')));
    expect(await writeError(addNote())).toMatchObject({ kind });
  });
});
