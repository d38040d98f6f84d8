import {
  connectedHotelsQuerySchema,
  findReservationRequestSchema,
  verifyCodeRequestSchema,
  verifyCombinedRequestSchema,
  verifyEmailRequestSchema,
} from '../../contract/selling.ts';
import { schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const SEND_CODE =
  'When the hotel system has the reservation with that guest email (case-insensitive), a 6-digit code is ' +
  'emailed to it: valid 10 minutes, single use, locked after 5 wrong tries, replaced by a new request. An ' +
  'unknown number or a wrong email is one 404. A reservation that cannot be sold is 409 with `details.reason` ' +
  '(`cancelled`, `started`, `ended`, `not_confirmed`, `already_listed`, `already_sold`, `price_unknown`, ' +
  '`hotel_unknown`) before any code is sent. A travel-agency relay address gets the code with `otaRelay: true`. ' +
  '5 requests per user and 20 per client address per 10 minutes, and at most 3 codes per reservation and per ' +
  'guest address per hour: then 429 with `details.retryAfterSeconds` and `details.retryAt`. A `userId` must be ' +
  'the caller (else 403).';

const codeSent = { status: 200, description: 'The code was sent', data: schemaRef('VerificationSent') } as const;
const sendCodeErrors = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UPSTREAM_ERROR'] as const;

export const sellingPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/reservations/verify-combined': {
    post: {
      operationId: 'requestVerificationCode',
      tag: 'Selling',
      summary: 'Step 1 of proving a reservation is yours: email a code to the guest address on it',
      description: SEND_CODE,
      access: 'bearer',
      body: verifyCombinedRequestSchema,
      reply: codeSent,
      errors: [...sendCodeErrors],
    },
  },
  '/api/reservations/verify-email': {
    post: {
      operationId: 'requestVerificationCodeByEmail',
      tag: 'Selling',
      summary: 'Step 1, under the older field names (`reservationId`, `userProvidedEmail`)',
      description: SEND_CODE,
      access: 'bearer',
      body: verifyEmailRequestSchema,
      reply: codeSent,
      errors: [...sendCodeErrors],
    },
  },
  '/api/reservations/verify-code': {
    post: {
      operationId: 'verifyCode',
      tag: 'Selling',
      summary: 'Step 2: enter the emailed code',
      description: 'A wrong, expired, locked or used code is 400 (a wrong one says `details.attemptsLeft`).',
      access: 'bearer',
      body: verifyCodeRequestSchema,
      reply: { status: 200, description: 'Verified', data: schemaRef('VerifiedCode') },
      errors: ['RATE_LIMITED'],
    },
  },
  '/api/reservations/find': {
    post: {
      operationId: 'findReservation',
      tag: 'Selling',
      summary: 'Read a verified reservation again from the hotel system, with what the listing form needs',
      description:
        'Only for the user who verified it (else 403). `pricing.maxPrice` is the highest asking price allowed, ' +
        '`pricing.overCapMessage` the sentence a higher one is refused with; `imageOptions` are the photos a listing ' +
        "may use (the room's own, else shipped photos that fit the hotel's country).",
      access: 'bearer',
      body: findReservationRequestSchema,
      reply: { status: 200, description: 'The reservation', data: schemaRef('FoundReservation') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    },
  },
  '/api/reservations/hotels': {
    get: {
      operationId: 'searchConnectedHotels',
      tag: 'Selling',
      summary: 'Connected hotels whose name contains `q`, for the seller to name the hotel of a reservation',
      description:
        'At most 8, names starting with `q` first. Passing one as `hotelId` in step 1 asks that hotel first, so a ' +
        'reservation booked a moment ago is found without asking every hotel.',
      access: 'bearer',
      query: connectedHotelsQuerySchema,
      reply: { status: 200, description: 'The hotels', data: { type: 'array', items: schemaRef('ConnectedHotel') } },
      errors: [],
    },
  },
  '/api/reservations/{userId}': {
    get: {
      operationId: 'listVerifiedReservations',
      tag: 'Selling',
      summary: 'The caller’s verified reservations',
      access: 'bearer',
      pathParams: { userId: 'The caller’s own user id (another is 403)' },
      reply: {
        status: 200,
        description: 'The reservations',
        data: { type: 'array', items: schemaRef('VerifiedReservation') },
      },
      errors: ['FORBIDDEN'],
    },
  },
};
