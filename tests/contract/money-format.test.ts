import { describe, expect, it } from 'vitest';
import { EN_US_CURRENCIES } from '../../contract/currency-symbols.ts';
import { DISPLAY_CURRENCIES } from '../../contract/display-currencies.ts';
import { formatProviderAmount } from '../../contract/currencies.ts';
import { formatCents, formatMajorUnits } from '../../contract/money-format.ts';
import { countingIntl } from './count-intl.ts';

/**
 * Prices are written by hand for the currencies a visitor may see (no Intl.NumberFormat made while a page
 * starts), and must read exactly as Intl's en-US currency format writes them.
 */
const oracles = new Map<string, Intl.NumberFormat>();
const intl = (amount: number, currency: string, decimals?: number) => {
  const key = `${currency}:${decimals}`;
  let oracle = oracles.get(key);
  if (!oracle) {
    const places = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    oracle = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...places });
    oracles.set(key, oracle);
  }
  return oracle.format(amount);
};

/** A fixed pseudo-random sequence, so every run checks the same amounts. */
let state = 20_261_127;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

const AMOUNTS = [
  0,
  -0,
  0.004,
  0.005,
  0.5,
  1,
  1.005,
  1.015,
  2.675,
  9.995,
  99.5,
  999.995,
  1234.5,
  -1234.5,
  -0.004,
  -0.5,
  1e6,
  123_456_789.125,
  999_999_999_999.99,
  1e-5,
  ...Array.from({ length: 120 }, () => Math.round((random() - 0.2) * 10 ** Math.floor(random() * 9)) / 100),
  ...Array.from({ length: 40 }, () => Math.round(random() * 1e6) / 1000),
];

describe('money as people read it', () => {
  it('holds every currency a visitor may see prices in', () => {
    expect(Object.keys(EN_US_CURRENCIES).sort()).toEqual([...DISPLAY_CURRENCIES].sort());
  });

  it('writes each of them as Intl does, with their own decimals, none or two', () => {
    for (const currency of DISPLAY_CURRENCIES)
      for (const amount of AMOUNTS) {
        expect(formatMajorUnits(amount, currency), `${currency} ${amount}`).toBe(
          intl(amount, currency, Number.isInteger(amount) ? 0 : 2),
        );
        expect(formatMajorUnits(amount, currency, { cents: 'always' }), `${currency} ${amount}`).toBe(
          intl(amount, currency, 2),
        );
        expect(formatCents(Math.round(amount * 100), currency), `${currency} ${amount}`).toBe(
          intl(Math.round(amount * 100) / 100, currency),
        );
      }
  });

  it('makes no Intl.NumberFormat for them, and one for any other currency', () => {
    countingIntl('NumberFormat', (made) => {
      for (const currency of DISPLAY_CURRENCIES) formatCents(123_456, currency.toLowerCase());
      expect(made()).toBe(0);
      // ISO's code for testing, which no other test writes: the suite shares modules, so the format is not cached.
      expect(formatCents(1500, 'XTS')).toBe('XTS\u00a015.00');
      expect(made()).toBe(1);
    });
  });

  it('reads the provider’s minor units by the provider’s exponent, not by how the currency is written', () => {
    expect(formatProviderAmount(25_000, 'USD')).toBe('$250.00');
    expect(formatProviderAmount(5000, 'JPY')).toBe('¥5,000');
    expect(formatProviderAmount(5000, 'jpy')).toBe('¥5,000');
    expect(formatProviderAmount(1500, 'KWD')).toBe('KWD\u00a01.500');
    // Written without decimals, counted by the provider in hundredths: not a hundred times too large.
    expect(formatProviderAmount(4_567_800, 'HUF')).toBe('HUF\u00a045,678');
    expect(formatProviderAmount(4_567_800, 'ISK')).toBe('ISK\u00a045,678');
    expect(formatProviderAmount(4_567_800, 'IDR')).toBe('IDR\u00a045,678');
  });

  it('hands Intl an amount past any price, too small to write plainly, or not a number', () => {
    for (const amount of [1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatMajorUnits(amount, 'EUR', { cents: 'always' })).toBe(intl(amount, 'EUR', 2));
  });

  it('shows a code that is not a currency in dollars rather than failing', () => {
    expect(formatCents(12_000, 'EURO')).toBe('$120.00');
  });
});
