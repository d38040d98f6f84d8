import { successEnvelopeSchema } from '../../contract/errors.ts';
import { exchangeRatesSchema } from '../../contract/rates.ts';

/** GET /api/rates's reply. Imported lazily by exchange-rates.ts, so zod stays off the public pages' first paint. */
export const ratesReplySchema = successEnvelopeSchema(exchangeRatesSchema);
