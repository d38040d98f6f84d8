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

/**
 * The id of the data block holding GET /api/rates's reply in a page that shows prices (the bare marketplace, a
 * stay's page): the script converts them without asking the API, or loading its HTTP client, as the page loads.
 */
export const SERVED_RATES_ELEMENT_ID = 'served-rates';
