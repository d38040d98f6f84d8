import type { ErrorRequestHandler, Request, Response } from 'express';
import { unreadableRequest } from '../http/error-handler.ts';
import { AppError } from '../http/errors.ts';

export const API_VERSION = '2024-01-01';

/** An error in GoTrue's shape: HTTP status plus a machine code such as `flow_state_not_found`. */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GoTrue answers `{code, message}` to clients that send X-Supabase-Api-Version (supabase-js does) and the
 * older `{code: status, error_code, msg}` otherwise; supabase-js reads `code` only when the header comes back.
 */
export function sendGoTrueError(req: Request, res: Response, error: GoTrueError): void {
  res.setHeader('X-Supabase-Api-Version', API_VERSION);
  const body = req.get('X-Supabase-Api-Version')
    ? { code: error.errorCode, message: error.message }
    : { code: error.status, error_code: error.errorCode, msg: error.message };
  res.status(error.status).json(body);
}

export const goTrueErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof GoTrueError) return sendGoTrueError(req, res, error);
  // Shared API errors (the rate limiter's 429) keep the API's own envelope, via the app's error handler.
  if (error instanceof AppError) return next(error);
  const unreadable = unreadableRequest(error);
  if (unreadable) {
    const code = (error as { type?: unknown }).type === 'entity.parse.failed' ? 'bad_json' : 'validation_failed';
    return sendGoTrueError(req, res, new GoTrueError(unreadable.status, code, unreadable.message));
  }
  req.log.error({ err: error }, 'auth server error');
  sendGoTrueError(req, res, new GoTrueError(500, 'unexpected_failure', 'Unexpected failure'));
};
