import { z } from 'zod';
import { publishPolicyRequestSchema, resaleSwitchRequestSchema } from '../../contract/resale-policy.ts';
import { rejectListingRequestSchema } from '../../contract/stay-approvals.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const hotelId = { hotelId: 'The hotel (its id in Restay)' };
const TAG = 'Hotel console';
const notMember = 'NOT_FOUND' as const;
const decidedSchema = z.object({ listingId: z.string(), status: z.string(), decisionId: z.string() });

export const hotelPolicyPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/hotels/{hotelId}/policy': {
    get: {
      operationId: 'getHotelPolicy',
      tag: TAG,
      summary: 'The hotel’s live resale policy, its “Pause all resale” switch, and the caller’s role',
      description:
        'For the hotel’s admins and staff. Anyone else, another hotel’s admin included, gets 404. While nothing is ' +
        'published `live` is null: the hotel allows no resale.',
      access: 'bearer',
      pathParams: hotelId,
      reply: { status: 200, description: 'The policy page', data: schemaRef('HotelPolicy') },
      errors: [notMember],
    },
    put: {
      operationId: 'publishHotelPolicy',
      tag: TAG,
      summary: 'Publishes a new version of the resale policy (admins only); it is live at once',
      description:
        'Listings at the hotel that no longer comply are paused (their sellers are told why, in My Listings and by ' +
        'email); listings the hotel paused that comply again resume. The reply says how many.',
      access: 'bearer',
      pathParams: hotelId,
      body: publishPolicyRequestSchema,
      reply: { status: 200, description: 'The live version and what it did', data: schemaRef('PublishedPolicy') },
      errors: ['FORBIDDEN', notMember],
    },
  },
  '/api/hotels/{hotelId}/policy/versions': {
    get: {
      operationId: 'listHotelPolicyVersions',
      tag: TAG,
      summary: 'Every published version, newest first: who published it, when, and the whole policy',
      access: 'bearer',
      pathParams: hotelId,
      reply: { status: 200, description: 'The versions', data: schemaRef('PolicyVersions') },
      errors: [notMember],
    },
  },
  '/api/hotels/{hotelId}/policy/catalog': {
    get: {
      operationId: 'getHotelPolicyCatalog',
      tag: TAG,
      summary: 'The hotel’s rates (with their rate group) and room types, read from its own system',
      access: 'bearer',
      pathParams: hotelId,
      reply: { status: 200, description: 'What a policy can choose from', data: schemaRef('PolicyCatalog') },
      errors: [notMember, 'UPSTREAM_ERROR'],
    },
  },
  '/api/hotels/{hotelId}/policy/pause': {
    post: {
      operationId: 'pauseAllResale',
      tag: TAG,
      summary: 'Pause all resale (admins only): every listing hidden, open checkouts ended, imports refused',
      description: 'Sales already paid finish their transfer. The body confirms the dialog.',
      access: 'bearer',
      pathParams: hotelId,
      body: resaleSwitchRequestSchema,
      reply: { status: 200, description: 'What it did', data: schemaRef('PolicyEffects') },
      errors: ['FORBIDDEN', notMember],
    },
  },
  '/api/hotels/{hotelId}/policy/resume': {
    post: {
      operationId: 'resumeResale',
      tag: TAG,
      summary: 'Ends “Pause all resale” (admins only): the live policy applies again',
      access: 'bearer',
      pathParams: hotelId,
      body: resaleSwitchRequestSchema,
      reply: { status: 200, description: 'What it did', data: schemaRef('PolicyEffects') },
      errors: ['FORBIDDEN', notMember],
    },
  },
  '/api/hotels/{hotelId}/stay-approvals': {
    get: {
      operationId: 'listStayApprovals',
      tag: TAG,
      summary: 'The stays waiting for the hotel’s approval, read afresh from its system, and the decisions taken',
      description:
        'For the hotel’s admins and staff; anyone else gets 403. A reservation the hotel’s system cannot read ' +
        'now is shown as Restay last read it (`reservation.live` false). ADR 0082.',
      access: 'bearer',
      pathParams: hotelId,
      reply: { status: 200, description: 'The queue and the history', data: schemaRef('StayApprovals') },
      errors: ['FORBIDDEN'],
    },
  },
  '/api/hotels/{hotelId}/stay-approvals/{listingId}/approve': {
    post: {
      operationId: 'approveStay',
      tag: TAG,
      summary: 'Approves a listing waiting for the hotel: it is on sale at once, at the price approved',
      description: 'Staff and admins. 404 for a listing not at this hotel; 409, changing nothing, once decided.',
      access: 'bearer',
      pathParams: { ...hotelId, listingId: 'The listing' },
      reply: { status: 200, description: 'Decided', data: replySchema(decidedSchema) },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/hotels/{hotelId}/stay-approvals/{listingId}/reject': {
    post: {
      operationId: 'rejectStay',
      tag: TAG,
      summary: 'Rejects a listing waiting for the hotel, with a reason from the short list and optional words',
      description: 'The seller reads why in My Listings and by email. 404 and 409 as for approve.',
      access: 'bearer',
      pathParams: { ...hotelId, listingId: 'The listing' },
      body: rejectListingRequestSchema,
      reply: { status: 200, description: 'Decided', data: replySchema(decidedSchema) },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
};
