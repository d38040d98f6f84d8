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
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/** Reads the server's reply body: a JSON error envelope, or plain text (e.g. a proxy's HTML page). */
export function errorFromReply(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    return new ApiError({
      message: firstString(body.error, body.message) ?? API_ERROR_MESSAGES.fallback,
      status,
      code: firstString(body.code) ?? 'API_ERROR',
      details: body.details ?? body.validationErrors,
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
