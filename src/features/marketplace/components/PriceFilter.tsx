import { useState } from 'react';
import { settleMax, settleMin, slideMax, slideMin, typeMax, typeMin, type PriceRange } from '../price-rules.ts';

type Props = {
  range: PriceRange;
  ceiling: number;
  onChange: (range: PriceRange) => void;
};

const numberInput = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/**
 * Dual slider plus min/max fields. Typed text that is not a price is ignored; the fields keep what the user
 * typed until they leave it, then show the value actually applied.
 */
export function PriceFilter({ range, ceiling, onChange }: Props) {
  const [draft, setDraft] = useState<{ field: 'min' | 'max'; text: string } | null>(null);
  const max = range.max ?? ceiling;
  const shown = (field: 'min' | 'max') => (draft?.field === field ? draft.text : String(field === 'min' ? range.min : max));

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Price</legend>
      <div className="relative h-6">
        <input
          type="range"
          aria-label="Minimum price slider"
          min={0}
          max={ceiling}
          value={range.min}
          onChange={(event) => onChange(slideMin(range, Number(event.target.value), ceiling))}
          className="absolute inset-x-0 w-full accent-brand-600"
        />
        <input
          type="range"
          aria-label="Maximum price slider"
          min={0}
          max={ceiling}
          value={max}
          onChange={(event) => onChange(slideMax(range, Number(event.target.value), ceiling))}
          className="absolute inset-x-0 top-3 w-full accent-brand-600"
        />
      </div>
      <div className="flex gap-3">
        <label className="flex-1 text-xs text-slate-600">
          Minimum price
          <input
            inputMode="decimal"
            className={numberInput}
            value={shown('min')}
            onChange={(event) => {
              setDraft({ field: 'min', text: event.target.value });
              onChange(typeMin(range, event.target.value, ceiling));
            }}
            onBlur={() => {
              setDraft(null);
              onChange(settleMin(range, ceiling));
            }}
          />
        </label>
        <label className="flex-1 text-xs text-slate-600">
          Maximum price
          <input
            inputMode="decimal"
            className={numberInput}
            value={shown('max')}
            onChange={(event) => {
              setDraft({ field: 'max', text: event.target.value });
              onChange(typeMax(range, event.target.value, ceiling));
            }}
            onBlur={() => {
              setDraft(null);
              onChange(settleMax(range, ceiling));
            }}
          />
        </label>
      </div>
      <p className="text-sm text-slate-600">
        ${range.min} – ${max}
        {range.max === null ? '+' : ''}
      </p>
      <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => onChange({ min: 0, max: null })}>
        Clear price filter
      </button>
    </fieldset>
  );
}
