import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorEnvelope } from '../../contract/errors.ts';
import { AppError } from './errors.ts';

/** Errors thrown by body-parser carry a `type`; these two are the client's fault, not ours. */
function fromBodyParser(error: unknown): AppError | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', 'Request body is not valid JSON');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('VALIDATION_ERROR', 'Unsupported request body encoding');
  }
  return undefined;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.path}`));
};

/** The one place an error becomes a reply. A 500 says nothing about its cause; the log keeps it. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const known = error instanceof AppError ? error : fromBodyParser(error);
  const appError = known ?? new AppError('INTERNAL_ERROR', 'Internal server error');
  if (!known) req.log.error({ err: error }, 'unhandled error');
  const body: ErrorEnvelope = { success: false, error: appError.message, code: appError.code };
  if (appError.details !== undefined) body.details = appError.details;
  res.status(appError.status).json(body);
};
