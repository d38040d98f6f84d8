import { z } from 'zod';
import { successEnvelopeSchema } from './errors.ts';

/**
 * GET /api/rates: the exchange rates prices are shown and filtered with, as the European Central Bank's daily
 * reference rates give them (units of each currency per euro; the euro is 1).
 */
export const exchangeRatesSchema = z.object({
  /** The ECB's reference day, YYYY-MM-DD. */
  date: z.string(),
  unitsPerEuro: z.record(z.string(), z.number().positive()),
});
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** GET /api/rates's reply. */
export const ratesReplySchema = successEnvelopeSchema(exchangeRatesSchema);
export type RatesReply = z.output<typeof ratesReplySchema>;
