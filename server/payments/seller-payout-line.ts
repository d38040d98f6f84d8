import { sql } from 'kysely';
import { formatCents } from '../../contract/money-format.ts';
import { platformFeeCents } from '../../contract/payouts.ts';
import { payoutCurrencyName } from '../../contract/currencies.ts';
import { readableDay } from '../listings/stay-dates.ts';
import type { BuyingDeps } from './deps.ts';

/**
 * The seller's sale email's line on what they receive: their share after the platform's fee, and, for a sale in
 * another currency than the payouts', that the provider converts it on the day, with an estimate at the stored
 * reference rate and its day ("about €193 at the European Central Bank rate of Nov 21, 2025"): a promise of the
 * share, never of a converted amount.
 */
export async function sellerPayoutLine(
  deps: Pick<BuyingDeps, 'db' | 'payouts' | 'settlementCurrency'>,
  sale: { amountCents: number; currency: string },
): Promise<string> {
  const shareCents = sale.amountCents - platformFeeCents(sale.amountCents, deps.payouts.feePercent);
  const share = formatCents(shareCents, sale.currency);
  const payout = deps.settlementCurrency;
  if (sale.currency === payout) return `You receive: ${share}`;
  const rates = await deps.db
    .selectFrom('exchange_rates')
    .select(['currency', 'units_per_euro', sql<string>`rate_date::text`.as('rate_date')])
    .where('currency', 'in', [sale.currency, payout])
    .execute();
  const perEuro = (code: string) => (code === 'EUR' ? 1 : rates.find((rate) => rate.currency === code)?.units_per_euro);
  const [from, to] = [perEuro(sale.currency), perEuro(payout)];
  const name = payoutCurrencyName(payout);
  const converted = `You receive: ${share}, paid out in ${name} at the payment provider's rate on the day`;
  const day = rates.find((rate) => rate.currency !== 'EUR')?.rate_date;
  if (!from || !to || !day) return `${converted}.`;
  const estimate = formatCents(Math.round(((shareCents / from) * to) / 100) * 100, payout);
  return `${converted}: about ${estimate} at the European Central Bank rate of ${readableDay(day)}.`;
}
