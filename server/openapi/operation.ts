import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import { requestSchema, successEnvelope, type JsonSchema } from './json-schema.ts';

/**
 * Who may call an operation, as the document states it:
 * - public: anyone, no token read
 * - viewer: anyone; a valid bearer token makes the reply say more (a refused token reads as a guest's)
 * - bearer: a valid bearer session token is required (401 without one)
 * - signature: no session; the request carries a signature made with a secret (the payment provider's, or the
 *   server's in an email's link)
 */
export type Access = 'public' | 'viewer' | 'bearer' | 'signature';

export type SuccessReply =
  | { status: 200 | 201 | 202; description: string; data: JsonSchema; meta?: JsonSchema }
  /** A reply that is not the API's envelope (this document itself). */
  | { status: 200; description: string; json: JsonSchema }
  /** A page a person reads (the unsubscribe link); `refused`: when it answers a 400 page instead, if ever. */
  | { status: 200; description: string; html: true; refused?: string }
  /** A file to download as CSV (an attachment). */
  | { status: 200; description: string; csv: true };

export interface OperationSpec {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Each `{name}` of the path, with what it names. */
  pathParams?: Record<string, string>;
  /** The contract's query schema: each property becomes a query parameter. */
  query?: z.ZodType;
  /** Request headers the operation reads, with what each carries (all required). */
  headers?: Record<string, string>;
  /** The contract's body schema; the body is JSON and required. */
  body?: z.ZodType;
  reply: SuccessReply;
  /** Errors this operation answers beyond those every operation of its kind may (see `errorsOf`). */
  errors?: ErrorCode[];
}

export const BEARER = 'bearerAuth';

/** Errors any operation may answer: the 500, and for a body the malformed or oversized one. */
function errorsOf(spec: OperationSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(spec.errors);
  codes.add('INTERNAL_ERROR');
  if (spec.access === 'bearer') codes.add('UNAUTHENTICATED');
  if (spec.body || spec.query) codes.add('VALIDATION_ERROR');
  if (spec.body) codes.add('PAYLOAD_TOO_LARGE');
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

function parameters(spec: OperationSpec) {
  const path = Object.entries(spec.pathParams ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  const query = spec.query ? queryParameters(requestSchema(spec.query)) : [];
  const headers = Object.entries(spec.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  return [...path, ...query, ...headers];
}

function queryParameters(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

function successResponse(reply: SuccessReply) {
  if ('html' in reply) return htmlPage(reply.description);
  if ('csv' in reply)
    return { description: reply.description, content: { 'text/csv': { schema: { type: 'string' } } } };
  const schema = 'json' in reply ? reply.json : successEnvelope(reply.data, reply.meta);
  return { description: reply.description, content: { 'application/json': { schema } } };
}

const SECURITY: Record<Access, unknown[] | undefined> = {
  public: [],
  // Either no token or a valid one: `{}` is OpenAPI's "no security requirement" alternative.
  viewer: [{}, { [BEARER]: [] }],
  bearer: [{ [BEARER]: [] }],
  signature: [],
};

/** One OpenAPI operation object from its spec. */
export function operation(spec: OperationSpec) {
  const params = parameters(spec);
  const responses: Record<string, unknown> = { [spec.reply.status]: successResponse(spec.reply) };
  for (const code of errorsOf(spec)) responses[ERROR_STATUS[code]] = { $ref: `#/components/responses/${code}` };
  // A page a person reads refuses with a page too.
  if ('html' in spec.reply && spec.reply.refused) responses[400] = htmlPage(spec.reply.refused);
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.access],
    ...(params.length ? { parameters: params } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(spec.body) } } } }
      : {}),
    responses,
  };
}
