/**
 * The European Central Bank's daily reference rates file (eurofxref-daily.xml): one `<Cube time='YYYY-MM-DD'>` holding
 * a `<Cube currency='USD' rate='1.1571'/>` per currency, each rate being units of that currency per euro. The file
 * is small and flat, so it is read with patterns rather than an XML library; anything unexpected is refused whole.
 */
export interface DailyRates {
  /** The ECB's reference day, YYYY-MM-DD. */
  date: string;
  /** Units of each currency per euro; the euro itself is 1. */
  unitsPerEuro: Map<string, number>;
}

const DAY = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>/g;
const RATE = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9]+(?:\.[0-9]+)?)['"]\s*\/>/g;

export class RatesFileError extends Error {}

export function parseEcbDaily(xml: string): DailyRates {
  const days = [...xml.matchAll(DAY)];
  if (days.length !== 1) throw new RatesFileError(`expected one reference day, found ${days.length}`);
  const date = days[0]![1]!;
  const unitsPerEuro = new Map<string, number>([['EUR', 1]]);
  for (const [, currency, rate] of xml.matchAll(RATE)) {
    const value = Number(rate);
    if (!(value > 0) || !Number.isFinite(value)) throw new RatesFileError(`the rate of ${currency} is not positive`);
    unitsPerEuro.set(currency!, value);
  }
  if (unitsPerEuro.size === 1) throw new RatesFileError('the file has no rates');
  return { date, unitsPerEuro };
}
