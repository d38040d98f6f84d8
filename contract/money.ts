import { z } from 'zod';

/**
 * A price on the wire: major units, positive, at most 2 decimals (the database keeps integer cents). Its
 * currency's own rules (whole amounts, the least and the most it can be) are `chargeRefusal`'s, which the server
 * applies wherever a price is set, knowing its currency.
 */
export const priceSchema = z.coerce
  .number({ error: 'Please enter a price.' })
  .refine(Number.isFinite, 'Please enter a price.')
  .positive('The price must be more than 0.')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most 2 decimals.');

export const toCents = (major: number) => Math.round(major * 100);
export const toMajor = (cents: number) => cents / 100;
