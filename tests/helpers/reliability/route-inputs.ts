import { z } from 'zod';
import {
  cancelCheckoutRequestSchema,
  createCheckoutSessionRequestSchema,
  createSessionRequestSchema,
} from '../../../contract/buying.ts';
import { contactRequestSchema } from '../../../contract/contact.ts';
import { PHOTO_PURPOSES } from '../../../contract/photos.ts';
import { searchQuerySchema } from '../../../contract/search.ts';
import {
  createListingRequestSchema,
  findReservationRequestSchema,
  updateListingRequestSchema,
  verifyCodeRequestSchema,
  verifyCombinedRequestSchema,
  verifyEmailRequestSchema,
} from '../../../contract/selling.ts';
import type { RouteInput } from './fuzz.ts';

/**
 * What each route reads, keyed `METHOD /path`: the contract's schema where one exists, else the field names
 * the provider's wire uses. A route missing here is still fuzzed, with generic hostile bodies and queries.
 */
export const ROUTE_INPUTS: Record<string, RouteInput> = {
  'GET /api/listings': { query: searchQuerySchema },
  'POST /api/listings': {
    body: createListingRequestSchema,
    valid: {
      mewsReservationId: 'LIS-48213',
      listingPrice: 100,
      title: 'Double room',
      description: 'Quiet',
      city: 'Lisbon',
    },
  },
  'PUT /api/listings/:id': {
    body: updateListingRequestSchema,
    valid: { title: 'Double room', listingPrice: 90, status: 'active' },
  },
  'PATCH /api/listings/:id/purchase': { body: ['buyer_id', 'user_id'] },
  'POST /api/reservations/verify-combined': {
    body: verifyCombinedRequestSchema,
    valid: { confirmationNumber: 'LIS-48213', email: 'a@example.com' },
  },
  'POST /api/reservations/verify-email': {
    body: verifyEmailRequestSchema,
    valid: { reservationId: 'LIS-48213', userProvidedEmail: 'a@example.com' },
  },
  'POST /api/reservations/verify-code': {
    body: verifyCodeRequestSchema,
    valid: { email: 'a@example.com', code: '123456' },
  },
  'POST /api/reservations/find': { body: findReservationRequestSchema, valid: { reservationId: 'LIS-48213' } },
  'POST /api/payment/create-checkout-session': {
    body: createCheckoutSessionRequestSchema,
    valid: {
      listingId: '00000000-0000-4000-8000-000000000000',
      successUrl: 'http://localhost:5999/s',
      cancelUrl: 'http://localhost:5999/c',
    },
  },
  'POST /api/payment/create-session': {
    body: createSessionRequestSchema,
    valid: {
      listing_id: '00000000-0000-4000-8000-000000000000',
      success_url: 'http://localhost:5999/s',
      cancel_url: 'http://localhost:5999/c',
    },
  },
  'POST /api/payment/cancel': { body: cancelCheckoutRequestSchema, valid: { sessionId: 'cs_test_unknown' } },
  'POST /api/contact': {
    body: contactRequestSchema,
    valid: {
      fullName: 'Ana Silva',
      email: 'ana@example.com',
      phone: '+351 912 345 678',
      message: 'Hello',
      consent: true,
    },
  },
  'GET /api/photos': { query: z.object({ purpose: z.enum(PHOTO_PURPOSES) }) },
  'GET /auth/v1/authorize': { query: ['provider', 'redirect_to', 'code_challenge', 'code_challenge_method'] },
  'POST /auth/v1/authorize/dev': { query: ['flow'], body: ['email'] },
  'POST /auth/v1/token': {
    query: ['grant_type'],
    body: ['auth_code', 'code_verifier', 'refresh_token'],
    valid: { refresh_token: 'unknown' },
  },
  'POST /auth/v1/logout': { query: ['scope'], forgedAuthOnly: true },
  'GET /rest/v1/profiles': { query: ['select', 'id'] },
  'POST /rest/v1/profiles': {
    query: ['on_conflict', 'columns'],
    body: ['id', 'first_name', 'last_name', 'display_name', 'email'],
  },
  'POST /v1/checkout/sessions': { body: ['line_items', 'mode', 'success_url', 'cancel_url', 'expires_at', 'metadata'] },
  'POST /v1/refunds': { body: ['payment_intent', 'reason', 'metadata'] },
  'POST /test-checkout/:id/pay': { body: ['number', 'expiry', 'cvc', 'name'] },
};
