import { parseEcbDaily, type DailyRates } from './ecb-xml.ts';

/** Where the day's exchange rates come from: the ECB, or its local stand-in (same file, same parser). */
export interface RatesSource {
  kind: 'ecb' | 'stand-in';
  latest(): Promise<DailyRates>;
}

/** The ECB's public daily file; no key, published around 16:00 CET on working days. */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
const TIMEOUT_MS = 15_000;

/** Reads the daily file at `url()` (the ECB's, or the stand-in's on this server) and parses it. */
export function createEcbRates(kind: RatesSource['kind'], url: () => string): RatesSource {
  return {
    kind,
    async latest() {
      const reply = await fetch(url(), { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!reply.ok) throw new Error(`the rates file answered ${reply.status}`);
      return parseEcbDaily(await reply.text());
    },
  };
}
