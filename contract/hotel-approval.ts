import { z } from 'zod';
import { stayTotalSchema } from './hotel-fee.ts';

/**
 * What a buyer reads on a stay's page at a hotel with a published policy. Apart from the resale policy's own
 * schemas (resale-policy.ts), so the stay's page builds this one schema and not the hotel console's dozen.
 */
export const hotelApprovalSchema = z.object({
  hotelName: z.string(),
  /** Short sentences: the cut-off and what changes hands. */
  rules: z.array(z.string()),
  /** The all-in total a buyer pays and what the hotel still charges at its desk. Older servers leave it out. */
  total: stayTotalSchema.nullable().default(null),
});
/** As the API sends it and the SPA reads it: an older server leaves the total out. */
export type HotelApproval = z.input<typeof hotelApprovalSchema>;
