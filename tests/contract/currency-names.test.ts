import { describe, expect, it } from 'vitest';
import { currencyName, EN_CURRENCY_NAMES } from '../../contract/currency-names.ts';
import { DISPLAY_CURRENCIES } from '../../contract/display-currencies.ts';
import { countingIntl } from './count-intl.ts';

/** The Pay Now panel names the charged currency without making an Intl.DisplayNames, as Intl would name it. */
describe('currency names', () => {
  const intl = new Intl.DisplayNames(['en'], { type: 'currency' });

  it('holds every currency a visitor may see prices in, each named as Intl names it', () => {
    expect(Object.keys(EN_CURRENCY_NAMES).sort()).toEqual([...DISPLAY_CURRENCIES].sort());
    for (const currency of DISPLAY_CURRENCIES) expect(currencyName(currency), currency).toBe(intl.of(currency));
  });

  it('makes no Intl.DisplayNames for them; another currency is asked of Intl, an unreadable code is itself', () => {
    countingIntl('DisplayNames', (made) => {
      for (const currency of DISPLAY_CURRENCIES) currencyName(currency.toLowerCase());
      expect(made()).toBe(0);
      expect(currencyName('KES')).toBe('Kenyan Shilling');
      expect(made()).toBe(1);
      expect(currencyName('not a code')).toBe('not a code');
    });
  });
});
