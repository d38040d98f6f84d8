import { AppError } from '../http/errors.ts';

/** The payment provider's refusal reason (`details.reason` of a CONFLICT), if the error is one. */
export function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT') return undefined;
  const details = error.details as { reason?: unknown } | undefined;
  return typeof details?.reason === 'string' ? details.reason : undefined;
}
