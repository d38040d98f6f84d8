import { z } from 'zod';
import { contactReplySchema, contactRequestSchema } from '../../contract/contact.ts';
import { photosQuerySchema } from '../../contract/photos.ts';
import { exchangeRatesSchema } from '../../contract/rates.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const DATABASE_KINDS = ['pglite', 'postgres'] as const satisfies readonly DatabaseHandle['kind'][];
/** GET /api/health's data (no client shares it, so it has no contract schema). */
const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  /** The newest exchange rates' reference day; stale past two working days (the server is ready all the same). */
  rates: z.object({ date: z.string().nullable(), stale: z.boolean() }),
});

export const systemPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/health': {
    get: {
      operationId: 'getHealth',
      tag: 'System',
      summary: 'Readiness: the API answers and its database does',
      access: 'public',
      reply: { status: 200, description: 'Ready', data: replySchema(healthSchema) },
      errors: ['SERVICE_UNAVAILABLE'],
    },
  },
  '/api/config': {
    get: {
      operationId: 'getConfig',
      tag: 'System',
      summary: 'The public run-time configuration the web app reads at start-up (no secret: only keys a browser holds)',
      access: 'public',
      reply: { status: 200, description: 'The configuration', data: schemaRef('PublicConfig') },
    },
  },
  '/api/rates': {
    get: {
      operationId: 'getExchangeRates',
      tag: 'System',
      summary:
        "The exchange rates prices are shown and filtered with: the European Central Bank's daily reference rates, units per euro",
      access: 'public',
      reply: { status: 200, description: 'The rates', data: replySchema(exchangeRatesSchema) },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'getApiReference',
      tag: 'System',
      summary:
        'This description as a page to read: each operation with who may call it, its parameters, body and replies',
      access: 'public',
      reply: { status: 200, description: 'The API reference (HTML)', html: true },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      tag: 'System',
      summary: 'This description of the API (OpenAPI 3.1), generated from the schemas the server validates with',
      access: 'public',
      reply: {
        status: 200,
        description: 'The OpenAPI document (not wrapped in the success envelope)',
        json: { type: 'object' },
      },
    },
  },
  '/api/contact': {
    post: {
      operationId: 'sendContactMessage',
      tag: 'Landing page',
      summary: 'Send a message to the operator (the landing page contact form)',
      description:
        'Stores the message and emails the operator. The email must be a valid address and the phone 7 to 15 ' +
        'digits (spaces, dots, dashes and brackets allowed); `consent` must be true. 5 messages per client ' +
        'address per 10 minutes, then 429.',
      access: 'public',
      body: contactRequestSchema,
      reply: { status: 201, description: 'Received', data: replySchema(contactReplySchema) },
      errors: ['RATE_LIMITED'],
    },
  },
  '/api/photos': {
    get: {
      operationId: 'listPhotos',
      tag: 'Landing page',
      summary: 'Photos for a landing page section (15 for hero, 3 for about and services)',
      description: '`attribution` credits the photographer for Unsplash photos and is null for the shipped ones.',
      access: 'public',
      query: photosQuerySchema,
      reply: { status: 200, description: 'The photos', data: { type: 'array', items: schemaRef('Photo') } },
    },
  },
};
