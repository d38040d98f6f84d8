import { z } from 'zod';
import { integer, metadata } from './params.ts';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** POST /v1/accounts as the adapter creates a seller's account: controller properties, transfers requested. */
export const createAccountParams = z.strictObject({
  controller: z.strictObject({
    stripe_dashboard: z.strictObject({ type: z.enum(['express', 'full', 'none']) }).optional(),
    fees: z.strictObject({ payer: z.enum(['application', 'account']) }).optional(),
    losses: z.strictObject({ payments: z.enum(['application', 'stripe']) }).optional(),
    requirement_collection: z.enum(['application', 'stripe']).optional(),
  }),
  capabilities: z.strictObject({ transfers: z.strictObject({ requested: flag }) }).optional(),
  email: z.email().optional(),
  metadata: metadata.optional(),
});

export const accountLinkParams = z.strictObject({
  account: z.string().min(1),
  type: z.enum(['account_onboarding', 'account_update']),
  refresh_url: z.url({ protocol: /^https?$/ }),
  return_url: z.url({ protocol: /^https?$/ }),
});

export const createTransferParams = z.strictObject({
  amount: integer.pipe(z.number().int().min(1)),
  currency: z.string().regex(/^[a-z]{3}$/, 'must be a lower-case ISO currency code'),
  destination: z.string().min(1),
  source_transaction: z.string().min(1),
  transfer_group: z.string().min(1).max(200).optional(),
  metadata: metadata.optional(),
});

export const listTransfersParams = z.strictObject({
  transfer_group: z.string().min(1).optional(),
  limit: integer.pipe(z.number().int().min(1).max(100)).optional(),
});

export const createReversalParams = z.strictObject({ metadata: metadata.optional() });
