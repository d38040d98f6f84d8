import { DISPLAY_CURRENCIES } from '../../../contract/display-currencies.ts';
import { setVisitorCurrency, useVisitorCurrency } from '../../lib/visitor-currency.ts';

/** The header's choice of the currency prices are shown in (approximately; each stay is charged in its own). */
export function CurrencySelect({ solid }: { solid: boolean }) {
  const currency = useVisitorCurrency();
  return (
    <label className="flex items-center">
      <span className="sr-only">Show prices in</span>
      <select
        value={currency}
        onChange={(event) => setVisitorCurrency(event.target.value)}
        className={`rounded-md border px-1.5 py-1 text-sm font-medium ${
          solid ? 'border-slate-300 bg-white text-slate-900' : 'border-white/60 bg-transparent text-white'
        }`}
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code} className="text-slate-900">
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
