import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorEnvelope } from '../../contract/errors.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { AppError } from './errors.ts';

/**
 * Errors Express and body-parser raise for a request that cannot be read are the client's fault, not ours:
 * they carry a 4xx `status` (a malformed percent-escape in the path, a body that is not valid JSON, a broken
 * gzip stream, an unknown charset or encoding, too many form fields) and body-parser's carry a `type`.
 */
export function unreadableRequest(error: unknown): AppError | undefined {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large' || status === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', 'Request body is not valid JSON');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('VALIDATION_ERROR', 'Unsupported request body encoding');
  }
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError('VALIDATION_ERROR', 'The request could not be read');
  return undefined;
}

/** 503 for a database out of reach; `details.reason` lets the SPA say so calmly and retry. */
export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'Restay is having trouble reaching its database', {
    reason: 'database_unreachable',
  });

/** How long a client waits before trying again after a 503 (starting up, or the database out of reach). */
export const RETRY_AFTER_SECONDS = '2';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.path}`));
};

/** The one place an error becomes a reply. A 500 says nothing about its cause; the log keeps it. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  // A database out of reach is no fault of the request: 503, try again shortly. Nothing was changed, since the
  // database rolls back a transaction whose connection was cut.
  const unreachable = !(error instanceof AppError) && isDatabaseUnreachable(error) ? databaseUnavailable() : undefined;
  const known = error instanceof AppError ? error : (unreachable ?? unreadableRequest(error));
  const appError = known ?? new AppError('INTERNAL_ERROR', 'Internal server error');
  if (!known) req.log.error({ err: error }, 'unhandled error');
  if (unreachable) req.log.warn({ err: error }, 'database unreachable');
  if (appError.status === 503) res.set('Retry-After', RETRY_AFTER_SECONDS);
  const body: ErrorEnvelope = { success: false, error: appError.message, code: appError.code };
  if (appError.details !== undefined) body.details = appError.details;
  res.status(appError.status).json(body);
};
