import { z } from 'zod';

/** A related object Stripe sends as its id, or whole when the caller expanded it. */
export const idOrObject = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullable()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

/** A page of a Stripe list; its items are parsed by the caller. */
export const listWire = z.object({ object: z.literal('list'), data: z.array(z.unknown()) });
