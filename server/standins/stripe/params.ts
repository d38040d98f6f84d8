import { z } from 'zod';
import { StripeWireError } from './wire.ts';

/** Form-encoded bodies carry every value as text; Stripe's integers arrive as digit strings. */
export const integer = z
  .string()
  .regex(/^-?\d{1,15}$/, 'must be an integer')
  .transform(Number);

export const metadata = z
  .record(
    z
      .string()
      .min(1)
      .max(40)
      .regex(/^[^[\]]+$/, 'keys may not contain square brackets'),
    z.string().max(500),
  )
  .refine((value) => Object.keys(value).length <= 50, 'can have at most 50 keys');

/** The subset of POST /v1/checkout/sessions the stand-in serves; unknown parameters are refused as Stripe does. */
export const createSessionParams = z.strictObject({
  mode: z.literal('payment'),
  line_items: z
    .array(
      z.strictObject({
        quantity: integer.pipe(z.number().int().min(1)),
        price_data: z.strictObject({
          currency: z.string().regex(/^[a-z]{3}$/, 'must be a lower-case ISO currency code'),
          unit_amount: integer.pipe(z.number().int().min(0)),
          product_data: z.strictObject({
            name: z.string().min(1).max(250),
            description: z.string().max(500).optional(),
          }),
        }),
      }),
    )
    .min(1)
    .max(100),
  client_reference_id: z.string().min(1).max(200).optional(),
  metadata: metadata.optional(),
  payment_intent_data: z.strictObject({ metadata: metadata.optional() }).optional(),
  expires_at: integer.optional(),
  customer_email: z.email().optional(),
  allowed_payment_method_types: z.array(z.literal('card')).optional(),
  success_url: z.url({ protocol: /^https?$/ }).max(5000),
  cancel_url: z
    .url({ protocol: /^https?$/ })
    .max(5000)
    .optional(),
});

export const refundParams = z.strictObject({
  payment_intent: z.string().min(1),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
});

/** GET /v1/refunds, as the adapter lists one payment's refunds. */
export const listRefundsParams = z.strictObject({
  payment_intent: z.string().min(1),
  limit: integer.pipe(z.number().int().min(1).max(100)).optional(),
});

/**
 * Splits Stripe's `expand` off a request's parameters: a form body carries it as an array (`expand[]=…`), a query
 * string as indexed keys (`expand[0]=…`). The rest is parsed by the route's own strict schema.
 */
export function splitExpand(raw: unknown): { params: Record<string, unknown>; expand: string[] } {
  const params: Record<string, unknown> = {};
  const expand: string[] = [];
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!/^expand(\[\d*\])?$/.test(key)) params[key] = value;
    else expand.push(...(Array.isArray(value) ? value : [value]).map(String));
  }
  return { params, expand };
}

/** Parses a request body and answers as Stripe does: the first problem, named by its bracketed parameter. */
export function parseParams<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (!issue) throw new StripeWireError(400, { type: 'invalid_request_error', message: 'Invalid request.' });
  const param = issue.path.reduce<string>(
    (name, key, index) => (index === 0 ? String(key) : `${name}[${String(key)}]`),
    '',
  );
  if (issue.code === 'unrecognized_keys') {
    const unknown = param ? `${param}[${issue.keys[0]}]` : issue.keys[0];
    throw new StripeWireError(400, {
      type: 'invalid_request_error',
      param: unknown,
      message: `Received unknown parameter: ${unknown}`,
    });
  }
  if (issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined) {
    throw new StripeWireError(400, {
      type: 'invalid_request_error',
      param,
      message: `Missing required param: ${param}.`,
    });
  }
  throw new StripeWireError(400, {
    type: 'invalid_request_error',
    param,
    message: `Invalid ${param}: ${issue.message}`,
  });
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value = body;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}
