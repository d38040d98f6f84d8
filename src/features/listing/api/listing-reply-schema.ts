import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { listingDetailSchema } from '../../../../contract/listing.ts';

/** GET /api/listings/:id's reply. Imported lazily by get-listing.ts, so zod stays off a stay page's first paint. */
export const listingReplySchema = successEnvelopeSchema(listingDetailSchema);
