import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PMS_OWNED_FIELDS } from '../../server/openapi/listings.ts';
import { openApiDocument, type OpenApiDocument } from '../../server/openapi/document.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import {
  documentedBody,
  documentedReply,
  operationsOf,
  resolve,
  templateOf,
  validatorOf,
} from '../helpers/openapi-document.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import { mountedRoutes } from '../helpers/reliability/mounted-routes.ts';
import {
  post,
  signedInUser,
  startSellingServer,
  verifyReservation,
  type SellingServer,
  type TestUser,
} from '../helpers/selling.ts';

let server: SellingServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startSellingServer();
  const served = await server.request('/api/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
});
afterAll(() => server.close());

/** Every JSON Schema the document holds, with where it is. */
function schemasOf(doc: OpenApiDocument): [string, Record<string, unknown>][] {
  const found: [string, Record<string, unknown>][] = Object.entries(doc.components.schemas).map(([name, schema]) => [
    `#/components/schemas/${name}`,
    schema,
  ]);
  for (const [key, op] of operationsOf(doc)) {
    for (const parameter of op.parameters ?? []) found.push([`${key} parameter ${parameter.name}`, parameter.schema]);
    const body = op.requestBody?.content?.['application/json']?.schema;
    if (body) found.push([`${key} body`, body]);
    for (const [status, response] of Object.entries(op.responses as Record<string, Record<string, any>>)) {
      for (const [type, content] of Object.entries(resolve(doc, response).content ?? {})) {
        found.push([`${key} ${status} ${type}`, (content as { schema: Record<string, unknown> }).schema]);
      }
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('serves the document built from the code, public and cacheable', async () => {
    const reply = await server.request('/api/openapi.json');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(reply.headers.get('etag')).toBeTruthy();
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(server.config.publicUrl))));
    expect(reply.body.servers).toEqual([{ url: server.config.publicUrl }]);
  });

  it('is an OpenAPI 3.1 document: version, info, paths, operations and references in order', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    const operations = operationsOf(document);
    expect(operations.size).toBeGreaterThan(25);

    const operationIds = [...operations.values()].map((op) => op.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    const schemes = Object.keys(document.components.securitySchemes);
    for (const [key, op] of operations) {
      const path = key.split(' ')[1]!;
      expect(path, key).toMatch(/^\/api\//);
      expect(op.summary, key).toEqual(expect.any(String));
      for (const tag of op.tags) expect(tags.has(tag), `${key} tag ${tag}`).toBe(true);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      // Each {param} of the path is a required path parameter, and there are no others.
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path');
      expect(declared.map((p: any) => p.name).sort(), key).toEqual(inPath);
      for (const parameter of declared) expect(parameter.required, key).toBe(true);
      // At least one success reply, and every status a three-digit code with a description.
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        key,
      ).toBe(true);
      for (const status of statuses) {
        expect(status, key).toMatch(/^[1-5]\d\d$/);
        expect(resolve(document, op.responses[status]).description, `${key} ${status}`).toEqual(expect.any(String));
      }
    }
  });

  it('holds only references that resolve and JSON Schemas a validator reads', () => {
    const references = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of new Set(references)) {
      expect(() => resolve(document, JSON.parse(`{${reference}}`)), reference).not.toThrow();
    }
    for (const [where, schema] of schemasOf(document)) {
      expect(() => validatorOf(document, schema), where).not.toThrow();
    }
  });

  it('describes every route mounted under /api/, and nothing that is not mounted', () => {
    const mounted = mountedRoutes(server.app)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${templateOf(route.path)}`)
      .sort();
    expect(mounted.length).toBeGreaterThan(25);
    expect([...operationsOf(document).keys()].sort()).toEqual(mounted);
  });

  it('uses the one error shape for every error reply', () => {
    const error = validatorOf(document, { $ref: '#/components/schemas/Error' });
    expect(error.safeParse({ success: false, code: 'NOT_FOUND', error: 'Listing not found' }).success).toBe(true);
    expect(error.safeParse({ success: false, error: 'no code' }).success).toBe(false);
    for (const [key, op] of operationsOf(document)) {
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) < 400 || !response.$ref) continue;
        expect(response.$ref, `${key} ${status}`).toMatch(/^#\/components\/responses\/[A-Z_]+$/);
        const schema = resolve(document, response).content['application/json'].schema;
        const code = response.$ref.split('/').pop();
        expect(validatorOf(document, schema).safeParse({ success: false, code, error: 'x' }).success).toBe(true);
        expect(validatorOf(document, schema).safeParse({ success: false, code: 'OTHER', error: 'x' }).success).toBe(
          false,
        );
      }
    }
  });

  it('says the hotel system’s listing fields are ignored, and gives create and update no field for them', () => {
    const camel = (field: string) => field.replace(/_(\w)/g, (_m, letter: string) => letter.toUpperCase());
    for (const key of ['POST /api/listings', 'PUT /api/listings/{id}']) {
      const properties = Object.keys(documentedBody(document, key).properties);
      for (const field of PMS_OWNED_FIELDS) {
        expect(properties, key).not.toContain(field);
        expect(properties, key).not.toContain(camel(field));
        expect(operationsOf(document).get(key)!.description, key).toContain(`\`${field}\``);
      }
    }
  });
});

/** The server's verdict: 400 naming `field`, as parseInput reports a missing or invalid one. */
const refusesField = (reply: { status: number; body: any }, field: string) =>
  reply.status === 400 &&
  reply.body.code === 'VALIDATION_ERROR' &&
  Array.isArray(reply.body.details) &&
  reply.body.details.some(
    (detail: { field: string }) => detail.field === field || detail.field.startsWith(`${field}.`),
  );

interface BodyCase {
  operation: string;
  path: (user: TestUser) => string;
  body: (user: TestUser) => Record<string, unknown>;
  /** Values both the server and the document must refuse. */
  invalid: Record<string, unknown>;
}

const BODY_CASES: BodyCase[] = [
  {
    operation: 'POST /api/listings',
    path: () => '/api/listings',
    body: (user) => ({
      mewsReservationId: 'C-404',
      listingPrice: 100,
      title: 'Double room',
      description: 'Quiet',
      location: 'Old town',
      imageUrl: '/images/room.jpg',
      userId: user.id,
    }),
    invalid: { title: 'x'.repeat(121), listingPrice: -1, description: 7 },
  },
  {
    operation: 'POST /api/reservations/verify-combined',
    path: () => '/api/reservations/verify-combined',
    body: (user) => ({ confirmationNumber: 'C-404', email: 'guest@example.com', userId: user.id }),
    invalid: { confirmationNumber: '', email: 42 },
  },
  {
    operation: 'POST /api/reservations/verify-code',
    path: () => '/api/reservations/verify-code',
    body: () => ({ email: 'guest@example.com', code: '123456' }),
    invalid: { code: '12345a' },
  },
  {
    operation: 'POST /api/saved-searches',
    path: () => '/api/saved-searches',
    body: () => ({
      name: 'Lisbon',
      query: { location: 'Lisbon' },
      frequency: 'daily',
      digestHour: 8,
      timeZone: 'Europe/Lisbon',
    }),
    invalid: { frequency: 'weekly', digestHour: 24, name: '' },
  },
  {
    operation: 'POST /api/payment/create-checkout-session',
    path: () => '/api/payment/create-checkout-session',
    body: () => ({
      listingId: randomUUID(),
      successUrl: `${server.config.publicUrl}/payment/success`,
      cancelUrl: `${server.config.publicUrl}/payment/cancel`,
      guestFirstName: 'Ana',
      guestLastName: 'Silva',
    }),
    invalid: { successUrl: '', guestFirstName: 'x'.repeat(101) },
  },
];

describe('request bodies: the document refuses what the server refuses', () => {
  for (const testCase of BODY_CASES) {
    it(`${testCase.operation}: each field dropped, and values out of bounds`, async () => {
      const schema = validatorOf(document, documentedBody(document, testCase.operation));
      const send = async (body: Record<string, unknown>) => {
        // Each verdict is the validation's, never a rate limit's.
        await server.database.db.deleteFrom('rate_limits').execute();
        return post(server, testCase.path(user), user, body);
      };
      const user = await signedInUser();
      const full = testCase.body(user);
      const refusesAny = (reply: { status: number; body: any }) =>
        Object.keys(full).some((f) => refusesField(reply, f));
      const verdicts: Record<string, { server: boolean; document: boolean }> = {
        'as it is': { server: refusesAny(await send(full)), document: !schema.safeParse(full).success },
      };
      for (const field of Object.keys(full)) {
        const { [field]: _dropped, ...rest } = full;
        verdicts[`without ${field}`] = {
          server: refusesField(await send(rest), field),
          document: !schema.safeParse(rest).success,
        };
      }
      for (const [field, value] of Object.entries(testCase.invalid)) {
        const body = { ...full, [field]: value };
        verdicts[`${field}: ${JSON.stringify(value).slice(0, 20)}`] = {
          server: refusesField(await send(body), field),
          document: !schema.safeParse(body).success,
        };
      }
      for (const [what, verdict] of Object.entries(verdicts)) expect(verdict.document, what).toBe(verdict.server);
      // The check has teeth: something was refused, and something was not.
      expect(Object.values(verdicts).some((verdict) => verdict.server)).toBe(true);
      expect(Object.values(verdicts).some((verdict) => !verdict.server)).toBe(true);
    });
  }
});

/** Asserts the reply is one the document describes for that operation and status. */
function expectDocumented(operation: string, reply: { status: number; headers: Headers; body: unknown }) {
  const contentType = reply.headers.get('content-type')?.split(';')[0] ?? '';
  const schema = documentedReply(document, operation, reply.status, contentType);
  const checked = validatorOf(document, schema).safeParse(reply.body);
  expect(checked.error?.issues ?? [], `${operation} ${reply.status}`).toEqual([]);
}

describe('replies match their documented schemas', () => {
  it('public reads, and their errors', async () => {
    const viewer = await signedInUser();
    const listingId = await insertListing(server.database.db, await insertProfile(server.database.db));
    expectDocumented('GET /api/health', await server.request('/api/health'));
    expectDocumented('GET /api/config', await server.request('/api/config'));
    expectDocumented('GET /api/photos', await server.request('/api/photos?purpose=hero'));
    expectDocumented('GET /api/photos', await server.request('/api/photos?purpose=poster'));
    const search = await server.request('/api/listings?location=lisbon');
    expect(search.body.data.length).toBeGreaterThan(0);
    expectDocumented('GET /api/listings', search);
    expectDocumented('GET /api/listings', await server.request('/api/listings?minPrice=abc'));
    expectDocumented(
      'GET /api/listings/{id}',
      await server.request(`/api/listings/${listingId}`, { headers: viewer.headers }),
    );
    expectDocumented('GET /api/listings/{id}', await server.request(`/api/listings/${randomUUID()}`));
    expectDocumented('GET /api/alerts/unsubscribe', await server.request('/api/alerts/unsubscribe?token=forged'));
  });

  it('a seller’s journey: verify, find, list, read, change and withdraw', async () => {
    const user = await signedInUser();
    const reservation = server.pms.add(pmsReservation({ email: `guest-${randomUUID().slice(0, 8)}@example.com` }));
    await verifyReservation(server, user, reservation);
    const reservationId = reservation.confirmationNumber;
    expectDocumented(
      'POST /api/reservations/find',
      await post(server, '/api/reservations/find', user, { reservationId }),
    );
    expectDocumented(
      'GET /api/reservations/{userId}',
      await server.request(`/api/reservations/${user.id}`, { headers: user.headers }),
    );
    const created = await post(server, '/api/listings', user, {
      mewsReservationId: reservationId,
      listingPrice: 400,
      title: 'Double room',
      hotelName: 'Fake',
    });
    expectDocumented('POST /api/listings', created);
    const id = created.body.data.id as string;
    expectDocumented(
      'POST /api/listings',
      await post(server, '/api/listings', user, {
        mewsReservationId: reservationId,
        listingPrice: 400,
        title: 'Again',
      }),
    );
    expectDocumented(
      'GET /api/listings/user/{userId}',
      await server.request(`/api/listings/user/${user.id}`, { headers: user.headers }),
    );
    const change = (body: unknown) =>
      server.request(`/api/listings/${id}`, { method: 'PUT', headers: user.headers, body: JSON.stringify(body) });
    expectDocumented('PUT /api/listings/{id}', await change({ title: 'Double room, river view', status: 'inactive' }));
    // Only fields the hotel system owns: nothing to change, as the operation says.
    const onlyOwned = await change({ hotelName: 'Fake', currency: 'USD' });
    expect(onlyOwned.status).toBe(400);
    expectDocumented('PUT /api/listings/{id}', onlyOwned);
    expectDocumented(
      'DELETE /api/listings/{id}',
      await server.request(`/api/listings/${id}`, { method: 'DELETE', headers: user.headers }),
    );
    expectDocumented(
      'GET /api/listings/purchased/{userId}',
      await server.request(`/api/listings/purchased/${user.id}`, { headers: user.headers }),
    );
    expectDocumented(
      'GET /api/listings/user/{userId}',
      await server.request(`/api/listings/user/${randomUUID()}`, { headers: user.headers }),
    );
    expectDocumented('GET /api/listings/user/{userId}', await server.request(`/api/listings/user/${user.id}`));
  });

  it('saved searches', async () => {
    const user = await signedInUser();
    const saved = await post(server, '/api/saved-searches', user, {
      name: 'Lisbon',
      query: { location: 'Lisbon' },
      frequency: 'daily',
    });
    expectDocumented('POST /api/saved-searches', saved);
    const path = `/api/saved-searches/${saved.body.data.id}`;
    expectDocumented('GET /api/saved-searches', await server.request('/api/saved-searches', { headers: user.headers }));
    expectDocumented(
      'PUT /api/saved-searches/{id}',
      await server.request(path, { method: 'PUT', headers: user.headers, body: JSON.stringify({ paused: true }) }),
    );
    expectDocumented(
      'DELETE /api/saved-searches/{id}',
      await server.request(path, { method: 'DELETE', headers: user.headers }),
    );
    expectDocumented(
      'DELETE /api/saved-searches/{id}',
      await server.request(path, { method: 'DELETE', headers: user.headers }),
    );
  });

  it('buying, the webhook, contact and this document', async () => {
    const buyer = await signedInUser();
    const as = (method: string, body?: unknown) => ({ method, headers: buyer.headers, body: JSON.stringify(body) });
    const unknownListing = randomUUID();
    expectDocumented(
      'POST /api/payment/create-checkout-session',
      await server.request(
        '/api/payment/create-checkout-session',
        as('POST', {
          listingId: unknownListing,
          successUrl: `${server.config.publicUrl}/payment/success`,
          cancelUrl: `${server.config.publicUrl}/payment/cancel`,
        }),
      ),
    );
    expectDocumented(
      'POST /api/payment/cancel',
      await server.request('/api/payment/cancel', as('POST', { listingId: unknownListing })),
    );
    expectDocumented(
      'GET /api/payment/session-status/{sessionId}',
      await server.request('/api/payment/session-status/cs_unknown', { headers: buyer.headers }),
    );
    expectDocumented(
      'PATCH /api/listings/{id}/purchase',
      await server.request(`/api/listings/${unknownListing}/purchase`, as('PATCH', {})),
    );
    expectDocumented(
      'POST /api/payment/webhook',
      await server.request('/api/payment/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=forged' },
        body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
      }),
    );
    expectDocumented(
      'POST /api/payment/connect-webhook',
      await server.request('/api/payment/connect-webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=forged' },
        body: JSON.stringify({ id: 'evt_1', type: 'account.updated' }),
      }),
    );
    expectDocumented(
      'POST /api/contact',
      await post(server, '/api/contact', undefined, {
        fullName: 'Ana Silva',
        email: 'ana@example.com',
        phone: '+351 912 345 678',
        consent: true,
      }),
    );
    expectDocumented('GET /api/openapi.json', await server.request('/api/openapi.json'));
  });

  it('a reply the document does not describe fails the check', async () => {
    const listingId = await insertListing(server.database.db, await insertProfile(server.database.db));
    const { body } = await server.request(`/api/listings/${listingId}`);
    const documented = validatorOf(
      document,
      documentedReply(document, 'GET /api/listings/{id}', 200, 'application/json'),
    );
    expect(documented.safeParse(body).success).toBe(true);
    expect(documented.safeParse({ ...body, data: { ...body.data, seller_email: 'a@example.com' } }).success).toBe(
      false,
    );
    expect(documented.safeParse({ ...body, data: { ...body.data, price: '120.00' } }).success).toBe(false);
    expect(documented.safeParse({ ...body, data: { ...body.data, status: 'on_hold' } }).success).toBe(false);
    expect(() => documentedReply(document, 'GET /api/health', 418, 'application/json')).toThrow();
  });
});

describe('GET /api/docs', () => {
  it('is the same description as a page to read: every operation, who may call it, and a link to the JSON', async () => {
    const reply = await server.request('/api/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const page = reply.body as string;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        expect(page).toContain(`<code>${method.toUpperCase()} ${path}</code>`);
      }
    }
    expect(page).toContain('Signed in: send the session token as Authorization: Bearer.');
    expect(page).toContain('<a href="/api/openapi.json">');
    expect(page).not.toContain('<script');
  });
});
