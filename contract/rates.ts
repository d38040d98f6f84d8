import { z } from 'zod';

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
