import express, { type RequestHandler } from 'express';
import { AppError } from './errors.ts';

// PostgreSQL text cannot hold U+0000: a value carrying it would fail deep inside a query as a 500. No field of
// the product has a use for it, so requests carrying it are refused at the door, before any route reads them.

/** A JSON body parser that refuses U+0000 in any string (a parse failure: 400 like any unreadable body). */
export function jsonBody(limit: string) {
  return express.json({
    limit,
    reviver: (_key, value: unknown) => {
      if (typeof value === 'string' && value.includes('\u0000'))
        throw new SyntaxError('A text holds the character U+0000');
      return value;
    },
  });
}

/** A URL whose path or query holds an encoded NUL (`%00`, the only way one can travel in a URL) is 400. */
export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.url)) return next(new AppError('VALIDATION_ERROR', 'The address holds the character U+0000'));
  next();
};
