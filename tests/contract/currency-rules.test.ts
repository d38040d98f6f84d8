import { describe, expect, it } from 'vitest';
import {
  chargeRefusal,
  floorToPriceUnit,
  maxPriceCentsIn,
  priceDecimals,
  providerExponent,
} from '../../contract/currencies.ts';
import { DISPLAY_CURRENCIES } from '../../contract/display-currencies.ts';
import { formatCents } from '../../contract/money-format.ts';
import { toStripeAmount } from '../../server/payments/stripe/stripe-amounts.ts';
import { hotelPriceCapCents } from '../../server/resale-policy/verdict.ts';
import { maxPriceCents } from '../../server/selling/pricing.ts';
import type { ResalePolicy } from '../../contract/resale-policy.ts';

/** One decision per currency: what a seller may ask is what a page shows and what the provider is asked for. */
describe('a currency’s decimals', () => {
  it('prices every display currency as it is written: a price is shown to the unit it is charged in', () => {
    for (const currency of DISPLAY_CURRENCIES) {
      const unit = priceDecimals(currency) === 0 ? 100 : 1;
      for (const cents of [unit, 45_678 * unit, 4_567_800 + unit, maxPriceCentsIn(currency)]) {
        const exact = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency,
          minimumFractionDigits: priceDecimals(currency),
          maximumFractionDigits: priceDecimals(currency),
        }).format(cents / 100);
        // Shown with no rounding: the written amount is the amount itself.
        expect(formatCents(cents, currency), `${currency} ${cents}`).toBe(exact);
      }
    }
  });

  it('takes forint, krona and rupiah in whole units, like yen, and says so', () => {
    for (const currency of ['HUF', 'ISK', 'IDR', 'JPY', 'KRW']) {
      expect(priceDecimals(currency)).toBe(0);
      expect(chargeRefusal(4_567_850, currency)).toBe(`Prices in ${currency} are whole amounts: use no decimals.`);
      expect(chargeRefusal(4_567_800, currency)).toBeNull();
    }
    expect(priceDecimals('EUR')).toBe(2);
    expect(priceDecimals('KWD')).toBe(2);
    expect(chargeRefusal(4_567_850, 'EUR')).toBeNull();
  });

  it('asks the provider in its own minor units, which are not how the currency is written', () => {
    expect([
      providerExponent('JPY'),
      providerExponent('ISK'),
      providerExponent('HUF'),
      providerExponent('KWD'),
    ]).toEqual([0, 2, 2, 3]);
    // ISK 45,678 is 4,567,800 for the provider: its amounts keep two decimals that must be 00.
    expect(toStripeAmount(4_567_800, 'ISK')).toBe(4_567_800);
    expect(toStripeAmount(4_567_800, 'JPY')).toBe(45_678);
    expect(toStripeAmount(12_025, 'KWD')).toBe(120_250);
  });

  it('rounds a ceiling down to what the currency is priced in', () => {
    expect(floorToPriceUnit(1_111_150, 'JPY')).toBe(1_111_100);
    expect(floorToPriceUnit(1_111_150, 'EUR')).toBe(1_111_150);
    // 110% of ¥10,101 is ¥11,111.10: the most a seller may ask is ¥11,111, never ¥11,111.10.
    expect(maxPriceCents(1_010_100, 10, 'JPY')).toBe(1_111_100);
    expect(maxPriceCents(1_010_100, 10, 'EUR')).toBe(1_111_110);
    const policy = { priceCapPercent: 95 } as ResalePolicy;
    expect(hotelPriceCapCents(policy, 1_010_100, 'HUF')).toBe(959_500);
  });
});

describe('the highest price, per currency', () => {
  it('is the lower of what the provider charges at once and what is stored, whole where prices are', () => {
    expect(maxPriceCentsIn('EUR')).toBe(99_999_999);
    expect(maxPriceCentsIn('KWD')).toBe(9_999_999);
    expect(maxPriceCentsIn('JPY')).toBe(2_147_483_600);
    expect(maxPriceCentsIn('IDR')).toBe(2_147_483_600);
  });

  it('refuses a price above it, naming it, and takes the price at it', () => {
    expect(chargeRefusal(100_000_000, 'EUR')).toBe('The price can be at most 999999.99 EUR.');
    expect(chargeRefusal(99_999_999, 'EUR')).toBeNull();
    expect(chargeRefusal(2_147_483_700, 'JPY')).toBe('The price can be at most 21474836 JPY.');
    expect(chargeRefusal(2_147_483_600, 'JPY')).toBeNull();
  });
});
