import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ExchangeRates, RatesReply } from '../../contract/rates.ts';
import { SERVED_RATES_ELEMENT_ID } from '../../contract/served-replies.ts';
import { apiGetChecked } from './api-client.ts';
import { takeServedReply } from './served-reply.ts';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: a page paints without it. */
const loadReplySchema = async () => (await import('../../contract/rates.ts')).ratesReplySchema;

async function askRates(signal: AbortSignal): Promise<ExchangeRates> {
  return (await apiGetChecked('/api/rates', loadReplySchema, undefined, { signal })).data;
}

/**
 * The rates the server filters with (GET /api/rates); they change once a day, so one read per visit. A page with
 * prices carries them, so its first conversion neither waits for the API nor loads the HTTP client.
 */
const ratesQuery = queryOptions({
  queryKey: ['exchange-rates'],
  queryFn: ({ signal }) => takeServedReply<RatesReply>(SERVED_RATES_ELEMENT_ID)?.data ?? askRates(signal),
  staleTime: 60 * 60_000,
});

/** Read only where a price is converted: a page whose prices are all in the visitor's currency never asks. */
export function useExchangeRates() {
  return useQuery(ratesQuery);
}

/** The rates once something on the page has read them, else nothing: a note about them never asks by itself. */
export function useReadExchangeRates(): ExchangeRates | undefined {
  return useQuery({ ...ratesQuery, enabled: false }).data;
}

/** The rates, read now (or from the cache) by code that converts once rather than on every render. */
export function fetchExchangeRates(client: QueryClient): Promise<ExchangeRates> {
  return client.fetchQuery(ratesQuery);
}

/** `amount` of `from` in `to` at the given rates; null when either currency has no rate. */
export function convert(amount: number, from: string, to: string, rates: ExchangeRates): number | null {
  const fromRate = rates.unitsPerEuro[from];
  const toRate = rates.unitsPerEuro[to];
  if (!fromRate || !toRate) return null;
  return (amount / fromRate) * toRate;
}
