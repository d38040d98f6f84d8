import { resalePolicySchema, type ResalePolicy } from '../../contract/resale-policy.ts';

/**
 * A policy version as stored (jsonb), read through the contract's schema: a version published before a field
 * existed reads with that field's default (no name-change fee, nothing said about the desk), never as undefined.
 */
export const readStoredPolicy = (stored: unknown): ResalePolicy => resalePolicySchema.parse(stored);
