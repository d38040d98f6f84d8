import { delay, http, HttpResponse } from 'msw';
import type { SaleOutcome } from '../../contract/handover.ts';
import type { Listing } from '../../contract/listing.ts';
import type { CreateListingRequest, FoundReservation, UpdateListingRequest } from '../../contract/selling.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';

/** The reservation the fake PMS knows, as POST /api/reservations/find answers it. */
export const STAY = {
  confirmationNumber: 'LIS-48213',
  email: 'ana.guest@example.com',
  code: '482913',
  pmsId: '6f1c2e0a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
} as const;

export function makeFoundReservation(overrides: Partial<FoundReservation> = {}): FoundReservation {
  return {
    reservationDetails: {
      Id: STAY.pmsId,
      Number: STAY.confirmationNumber,
      StartUtc: '2026-09-14T00:00:00.000Z',
      EndUtc: '2026-09-18T00:00:00.000Z',
      ResourceName: 'Deluxe Double Room',
      State: 'Confirmed',
    },
    propertyInfo: {
      Name: 'Hotel Miradouro',
      Address: { Line1: 'Rua das Flores 12', City: 'Lisbon', CountryCode: 'PT' },
    },
    pricing: {
      amountPaid: 450,
      currency: 'EUR',
      maxPrice: 450,
      overCapMessage: 'The asking price can be at most €450, the price paid at the hotel.',
    },
    imageOptions: ['/images/rooms/lisbon-1.jpg', '/images/rooms/lisbon-2.jpg', '/images/rooms/lisbon-3.jpg'],
    liveListingId: null,
    ...overrides,
  };
}

const problem = (status: number, code: string, error: string, details?: unknown) =>
  HttpResponse.json({ success: false, error, code, details }, { status });

export const NOT_FOUND_MESSAGE = 'We could not find a reservation with that confirmation number and email address.';
export const WRONG_CODE_MESSAGE = 'That code is not right. Check the email and try again.';

/**
 * The selling API as the server answers it: verify-combined, verify-code, find and create, over one reservation.
 * Records every request body so tests can check what the page sent.
 */
export function mockSellingApi(options: { found?: FoundReservation; createdId?: string | null; slow?: boolean } = {}) {
  const requests = {
    verifyCombined: [] as unknown[],
    verifyCode: [] as unknown[],
    find: [] as unknown[],
    create: [] as CreateListingRequest[],
  };
  const createdId = options.createdId === undefined ? 'a3c1f0de-5b6a-4c7d-8e9f-0a1b2c3d4e5f' : options.createdId;
  server.use(
    http.post('/api/reservations/verify-combined', async ({ request }) => {
      const body = (await request.json()) as { confirmationNumber: string; email: string };
      requests.verifyCombined.push(body);
      if (options.slow) await delay(200);
      const matches = body.confirmationNumber === STAY.confirmationNumber && body.email.toLowerCase() === STAY.email;
      return matches ? HttpResponse.json({ success: true }) : problem(404, 'NOT_FOUND', NOT_FOUND_MESSAGE);
    }),
    http.post('/api/reservations/verify-code', async ({ request }) => {
      const body = (await request.json()) as { email: string; code: string };
      requests.verifyCode.push(body);
      if (body.code !== STAY.code) return problem(400, 'VALIDATION_ERROR', WRONG_CODE_MESSAGE);
      return HttpResponse.json({ success: true, data: { verified: true, reservationId: STAY.confirmationNumber } });
    }),
    http.post('/api/reservations/find', async ({ request }) => {
      requests.find.push(await request.json());
      return HttpResponse.json({ success: true, data: options.found ?? makeFoundReservation() });
    }),
    http.post('/api/listings', async ({ request }) => {
      requests.create.push((await request.json()) as CreateListingRequest);
      return HttpResponse.json({ success: true, data: createdId === null ? {} : { id: createdId } }, { status: 201 });
    }),
    // The new listing's page, as the API would show it right after creation.
    http.get('/api/listings/:id', ({ params }) => {
      const body = requests.create.at(-1);
      if (!body || params.id !== createdId) return problem(404, 'NOT_FOUND', 'Listing not found');
      return HttpResponse.json({
        success: true,
        data: makeListing({
          id: createdId,
          title: body.title,
          price: body.listingPrice,
        }),
      });
    }),
  );
  return requests;
}

/**
 * A seller's listings behind GET /api/listings/user/:userId, PUT and DELETE /api/listings/:id, kept in memory so
 * a change shows on the next read, as on the server. `failNext` makes the next write answer with that error.
 */
export function mockMyListings(
  initial: (Listing & {
    sale?: SaleOutcome | null;
    withdrawnByHotel?: string | null;
    hotelPauseReason?: string | null;
    priceCeiling?: { maxPrice: number; overCapMessage: string } | null;
  })[],
) {
  // A listing nobody paid for has no sale, as the server says it.
  const rows = new Map(initial.map((listing) => [listing.id, { sale: null, ...listing }]));
  const writes: { method: 'PUT' | 'DELETE'; id: string; body?: UpdateListingRequest }[] = [];
  let failNext: { status: number; code: string; error: string } | null = null;
  server.use(
    http.get('/api/listings/user/:userId', () => HttpResponse.json({ success: true, data: [...rows.values()] })),
    http.put('/api/listings/:id', async ({ params, request }) => {
      const id = params.id as string;
      const body = (await request.json()) as UpdateListingRequest;
      writes.push({ method: 'PUT', id, body });
      if (failNext) {
        const failure = failNext;
        failNext = null;
        return problem(failure.status, failure.code, failure.error);
      }
      const row = rows.get(id);
      if (!row) return problem(404, 'NOT_FOUND', 'Listing not found');
      rows.set(id, {
        ...row,
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.listingPrice === undefined ? {} : { price: body.listingPrice }),
        ...(body.status === undefined ? {} : { status: body.status }),
      });
      return HttpResponse.json({ success: true, data: { id } });
    }),
    http.delete('/api/listings/:id', ({ params }) => {
      const id = params.id as string;
      writes.push({ method: 'DELETE', id });
      if (failNext) {
        const failure = failNext;
        failNext = null;
        return problem(failure.status, failure.code, failure.error);
      }
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, status: 'withdrawn' });
      return HttpResponse.json({ success: true, data: { id } });
    }),
  );
  return {
    rows,
    writes,
    failNextWrite: (failure: { status: number; code: string; error: string }) => {
      failNext = failure;
    },
  };
}
