import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';

/**
 * An error the API answers with its own status, code and message: the error handler turns it into
 * `{ success: false, error, code, details }` with the status contract/errors.ts assigns to the code.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
