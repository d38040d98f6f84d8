import { providerExponent } from '../../../contract/currencies.ts';
import { SHIPPED_EUROFXREF_DAILY } from '../ecb/eurofxref-daily.ts';

/**
 * How the built-in checkout server books money in the platform's balance, as Stripe does: a charge in another
 * currency than the platform's settlement currency is converted into it, the card fee is taken there, and the
 * balance transaction says so (amount, currency, exchange_rate, fee, fee_details, net). It converts at the reference
 * rates the site itself shows wherever the stand-ins run (the shipped copy of the ECB's daily file that the ECB
 * stand-in serves), with no conversion margin of its own, so a seller's estimate and payout agree in a demo; the
 * real provider converts at its own rate on the day, which the Terms and the listing form say.
 */

/** Units of a currency per euro, by lower-case code. */
export type RatesPerEuro = Readonly<Record<string, number>>;

/** The stand-in's rates: the shipped ECB copy's, read once. */
export const STANDIN_RATES_PER_EUR: RatesPerEuro = Object.fromEntries([
  ['eur', 1],
  ...[...SHIPPED_EUROFXREF_DAILY.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)].map(
    ([, code, rate]) => [code!.toLowerCase(), Number(rate)] as const,
  ),
]);

/** Stripe's published fee for standard European (EEA) cards: 1.5% + EUR 0.25, charged in the settlement currency. */
const CARD_FEE_PERCENT = 1.5;
const CARD_FEE_FIXED_EUR_CENTS = 25;

export const hasRate = (currency: string, rates: RatesPerEuro) => currency.toLowerCase() in rates;

/** Stripe's smallest unit per major unit of a currency. */
const minorPerMajor = (currency: string) => 10 ** providerExponent(currency);

/** Units of `to` per unit of `from` at `rates`. */
export function rateBetween(from: string, to: string, rates: RatesPerEuro): number {
  const perEurFrom = rates[from.toLowerCase()];
  const perEurTo = rates[to.toLowerCase()];
  if (!perEurFrom || !perEurTo) throw new Error(`no rate between ${from} and ${to}`);
  return perEurTo / perEurFrom;
}

/** An amount in `from`'s smallest unit converted to `to`'s smallest unit, rounded as Stripe rounds (to the nearest). */
export function convertMinor(amount: number, from: string, to: string, rates: RatesPerEuro): number {
  if (from.toLowerCase() === to.toLowerCase()) return amount;
  const major = amount / minorPerMajor(from);
  return Math.round(major * rateBetween(from, to, rates) * minorPerMajor(to));
}

/** The card fee on a charge booked as `amount` (smallest unit of `currency`, the settlement currency). */
export function cardFee(amount: number, currency: string, rates: RatesPerEuro): number {
  const percent = Math.round((amount * CARD_FEE_PERCENT) / 100);
  return percent + convertMinor(CARD_FEE_FIXED_EUR_CENTS, 'eur', currency, rates);
}

/** The balance transaction id of a charge, refund or transfer: one each, named after it. */
export const balanceTransactionIdOf = (sourceId: string) => `txn_${sourceId.replace(/^[a-z]+_(test_)?/, '')}`;

/**
 * A balance transaction as Stripe's API returns it. `amount` is signed (negative: money leaving the balance) and
 * in the settlement currency; `exchange_rate` is null when nothing was converted.
 */
export function balanceTransactionJson(input: {
  source: string;
  type: 'charge' | 'refund';
  /** In the source's own currency and smallest unit, positive. */
  sourceAmount: number;
  sourceCurrency: string;
  settlementCurrency: string;
  created: number;
}) {
  const rates = STANDIN_RATES_PER_EUR;
  const settlement = input.settlementCurrency.toLowerCase();
  const converted = convertMinor(input.sourceAmount, input.sourceCurrency, settlement, rates);
  const amount = input.type === 'charge' ? converted : -converted;
  const fee = input.type === 'charge' ? cardFee(converted, settlement, rates) : 0;
  const conversion = input.sourceCurrency.toLowerCase() !== settlement;
  return {
    id: balanceTransactionIdOf(input.source),
    object: 'balance_transaction',
    amount,
    available_on: input.created,
    created: input.created,
    currency: settlement,
    description: null,
    exchange_rate: conversion ? Number(rateBetween(input.sourceCurrency, settlement, rates).toFixed(6)) : null,
    fee,
    fee_details: fee
      ? [
          {
            amount: fee,
            application: null,
            currency: settlement,
            description: 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ]
      : [],
    net: amount - fee,
    reporting_category: input.type,
    source: input.source,
    status: 'available',
    type: input.type,
  };
}
