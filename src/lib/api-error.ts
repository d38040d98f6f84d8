import type { z } from 'zod';

/**
 * Every failed call reaches the UI as one ApiError shape (message, status, code, details), so screens can branch on
 * `code`/`status` without knowing whether the cause was the server, the network or a malformed reply.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string;
  readonly details: unknown;

  constructor(init: { message: string; status?: number | undefined; code: string; details?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export const API_ERROR_MESSAGES = {
  fallback: 'Request failed',
  timeout: 'Request timeout',
  connection: 'Unable to connect to server. Please check your internet connection and try again.',
  responseFormat: 'Invalid server response format. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  startingUp: 'Restay is starting up. Retrying in a moment…',
  databaseOutage: 'Restay is having trouble reaching its database. Retrying…',
} as const;

/**
 * The calm sentence for a 503 the API explains: starting up (`details` names the start-up steps still under way)
 * or its database out of reach (`details.reason`). Neither is a refusal: the same request succeeds shortly.
 */
function temporaryUnavailability(status: number, details: unknown): string | undefined {
  if (status !== 503) return undefined;
  if (Array.isArray(details) && details.some((detail) => isRecord(detail) && typeof detail.step === 'string'))
    return API_ERROR_MESSAGES.startingUp;
  if (isRecord(details) && details.reason === 'database_unreachable') return API_ERROR_MESSAGES.databaseOutage;
  return undefined;
}

/** The calm sentence when `error` is the API starting up or out of reach of its database; else undefined. */
export function calmUnavailability(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const calm: readonly string[] = [API_ERROR_MESSAGES.startingUp, API_ERROR_MESSAGES.databaseOutage];
  return calm.includes(error.message) ? error.message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/** Reads the server's reply body: a JSON error envelope, or plain text (e.g. a proxy's HTML page). */
export function errorFromReply(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const details = body.details ?? body.validationErrors;
    return new ApiError({
      message:
        temporaryUnavailability(status, details) ??
        firstString(body.error, body.message) ??
        API_ERROR_MESSAGES.fallback,
      status,
      code: firstString(body.code) ?? 'API_ERROR',
      details,
    });
  }
  const text = typeof body === 'string' && body !== '' ? body : undefined;
  return new ApiError({ message: API_ERROR_MESSAGES.fallback, status, code: 'API_ERROR', details: text });
}

/** Checks a reply against its expected shape; a mismatch is a RESPONSE_FORMAT_ERROR, never a crash later. */
export function parseResponse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiError({
      message: API_ERROR_MESSAGES.responseFormat,
      code: 'RESPONSE_FORMAT_ERROR',
      details: result.error.issues,
    });
  }
  return result.data;
}
