import { publishPolicyRequestSchema, resaleSwitchRequestSchema } from '../../contract/resale-policy.ts';
import { schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const hotelId = { hotelId: 'The hotel (its id in Restay)' };
const TAG = 'Hotel console';
const notMember = 'NOT_FOUND' as const;

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
};
