import { z } from 'zod';

export { heldDetailsSchema } from '../../../../contract/buying.ts';

// The url may sit in `data` (the API's envelope) or at the top level (older servers); read both leniently.
const sessionFields = z.object({ url: z.unknown(), sessionId: z.unknown(), id: z.unknown() }).partial();

/**
 * POST /api/payment/create-checkout-session's reply. Imported lazily by create-checkout-session.ts with the call,
 * so zod stays off a stay's page until the buyer pays.
 */
export const checkoutReplySchema = sessionFields.extend({ data: sessionFields.nullish().catch(undefined) });
