import type { z } from 'zod';
import { AppError } from './errors.ts';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Parses untrusted input; on failure answers 400 VALIDATION_ERROR with one entry per offending field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what = 'request'): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details: FieldProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || what,
    message: issue.message,
  }));
  throw new AppError('VALIDATION_ERROR', `Invalid ${what}: ${details.map((d) => d.field).join(', ')}`, details);
}
