import { describe, expect, it } from 'vitest';
import { currencyName, EN_CURRENCY_NAMES } from '../../contract/currency-names.ts';
import { DISPLAY_CURRENCIES } from '../../contract/display-currencies.ts';

/** The Pay Now panel names the charged currency without making an Intl.DisplayNames, as Intl would name it. */
describe('currency names', () => {
  const intl = new Intl.DisplayNames(['en'], { type: 'currency' });

  it('holds every currency a visitor may see prices in, each named as Intl names it', () => {
    expect(Object.keys(EN_CURRENCY_NAMES).sort()).toEqual([...DISPLAY_CURRENCIES].sort());
    for (const currency of DISPLAY_CURRENCIES) expect(currencyName(currency), currency).toBe(intl.of(currency));
  });

  it('makes no Intl.DisplayNames for them; another currency is asked of Intl, an unreadable code is itself', () => {
    const Original = Intl.DisplayNames;
    // The lib types mark it read-only; the runtime lets a test count the objects made.
    const intlObjects = Intl as { DisplayNames: typeof Original };
    let made = 0;
    intlObjects.DisplayNames = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Original;
    try {
      for (const currency of DISPLAY_CURRENCIES) currencyName(currency.toLowerCase());
      expect(made).toBe(0);
      expect(currencyName('KES')).toBe('Kenyan Shilling');
      expect(made).toBe(1);
      expect(currencyName('not a code')).toBe('not a code');
    } finally {
      intlObjects.DisplayNames = Original;
    }
  });
});
