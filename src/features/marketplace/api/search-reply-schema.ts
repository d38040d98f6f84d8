import { z } from 'zod';
import { listingSchema } from '../../../../contract/listing.ts';
import { searchMetaSchema } from '../../../../contract/search.ts';

/** GET /api/listings's reply. Imported lazily by list-listings.ts, so zod stays off the marketplace's first paint. */
export const searchReplySchema = z.object({
  success: z.literal(true),
  data: z.array(listingSchema),
  meta: searchMetaSchema,
});
