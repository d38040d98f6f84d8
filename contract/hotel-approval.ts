import { z } from 'zod';

/**
 * What a buyer reads on a stay's page at a hotel with a published policy. Apart from the resale policy's own
 * schemas (resale-policy.ts), so the stay's page builds this one schema and not the hotel console's dozen.
 */
export const hotelApprovalSchema = z.object({
  hotelName: z.string(),
  /** Short sentences: the cut-off and what changes hands. */
  rules: z.array(z.string()),
});
export type HotelApproval = z.infer<typeof hotelApprovalSchema>;
