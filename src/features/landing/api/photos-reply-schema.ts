import { z } from 'zod';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { photoSchema } from '../../../../contract/photos.ts';

/** GET /api/photos's reply. Imported lazily by photos.ts, so zod stays off the landing page's first paint. */
export const photosReplySchema = successEnvelopeSchema(z.array(photoSchema));
