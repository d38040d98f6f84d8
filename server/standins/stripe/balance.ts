import { providerExponent } from '../../../contract/currencies.ts';

/**
 * How the built-in checkout server books money in the platform's balance, as Stripe does: a charge in another
 * currency than the platform's settlement currency is converted into it, the card fee is taken there, and the
 * balance transaction says so (amount, currency, exchange_rate, fee, fee_details, net). Rates are a stored test
 * copy (units per euro, like the ECB's reference rates), so amounts in tests never move.
 */
const TEST_RATES_PER_EUR: Record<string, number> = {
  eur: 1,
  aud: 1.65,
  brl: 6.2,
  cad: 1.5,
  chf: 0.95,
  czk: 25,
  dkk: 7.46,
  gbp: 0.85,
  huf: 400,
  isk: 150,
  jpy: 160,
  kwd: 0.33,
  mxn: 20,
  nok: 11.7,
  pln: 4.3,
  sek: 11.5,
  usd: 1.08,
  zar: 20,
};

/** Stripe's published fee for standard European (EEA) cards: 1.5% + EUR 0.25, charged in the settlement currency. */
const CARD_FEE_PERCENT = 1.5;
const CARD_FEE_FIXED_EUR_CENTS = 25;

export const hasTestRate = (currency: string) => currency.toLowerCase() in TEST_RATES_PER_EUR;

/** Stripe's smallest unit per major unit of a currency. */
const minorPerMajor = (currency: string) => 10 ** providerExponent(currency);

/** Units of `to` per unit of `from` at the stored test rates. */
export function testRate(from: string, to: string): number {
  const perEurFrom = TEST_RATES_PER_EUR[from.toLowerCase()];
  const perEurTo = TEST_RATES_PER_EUR[to.toLowerCase()];
  if (!perEurFrom || !perEurTo) throw new Error(`no test rate between ${from} and ${to}`);
  return perEurTo / perEurFrom;
}

/** An amount in `from`'s smallest unit converted to `to`'s smallest unit, rounded as Stripe rounds (to the nearest). */
export function convertMinor(amount: number, from: string, to: string): number {
  if (from.toLowerCase() === to.toLowerCase()) return amount;
  const major = amount / minorPerMajor(from);
  return Math.round(major * testRate(from, to) * minorPerMajor(to));
}

/** The card fee on a charge booked as `amount` (smallest unit of `currency`, the settlement currency). */
export function cardFee(amount: number, currency: string): number {
  const percent = Math.round((amount * CARD_FEE_PERCENT) / 100);
  return percent + convertMinor(CARD_FEE_FIXED_EUR_CENTS, 'eur', currency);
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
  const settlement = input.settlementCurrency.toLowerCase();
  const converted = convertMinor(input.sourceAmount, input.sourceCurrency, settlement);
  const amount = input.type === 'charge' ? converted : -converted;
  const fee = input.type === 'charge' ? cardFee(converted, settlement) : 0;
  const conversion = input.sourceCurrency.toLowerCase() !== settlement;
  return {
    id: balanceTransactionIdOf(input.source),
    object: 'balance_transaction',
    amount,
    available_on: input.created,
    created: input.created,
    currency: settlement,
    description: null,
    exchange_rate: conversion ? Number(testRate(input.sourceCurrency, settlement).toFixed(6)) : null,
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
