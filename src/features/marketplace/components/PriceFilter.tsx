import { useState } from 'react';
import { priceRangeLabel, settleMax, settleMin, slideMax, slideMin, typeMax, typeMin, type PriceRange } from '../price-rules.ts';

type Props = {
  range: PriceRange;
  ceiling: number;
  onChange: (range: PriceRange) => void;
  /** Hidden (still read out) where a visible heading already says "Price". */
  legend?: 'visible' | 'hidden';
};

const numberInput = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/**
 * Dual slider plus min/max fields. Typed text that is not a price is ignored; the fields keep what the user
 * typed until they leave it, then show the value actually applied.
 */
export function PriceFilter({ range, ceiling, onChange, legend = 'visible' }: Props) {
  const [draft, setDraft] = useState<{ field: 'min' | 'max'; text: string } | null>(null);
  const max = range.max ?? ceiling;
  // Where the thumbs meet, the one that can still move must be on top: in the upper half of the scale that is
  // the minimum (it can go left), in the lower half the maximum (it can go right).
  const minOnTop = range.min > ceiling / 2;
  const percent = (price: number) => (ceiling > 0 ? (price / ceiling) * 100 : 0);
  const shown = (field: 'min' | 'max') => (draft?.field === field ? draft.text : String(field === 'min' ? range.min : max));

  return (
    <fieldset className="space-y-4">
      <legend className={legend === 'hidden' ? 'sr-only' : 'text-sm font-semibold text-slate-900'}>Price</legend>
      <div className="dual-range relative h-8">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200" aria-hidden="true" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-600"
          style={{ left: `${percent(range.min)}%`, right: `${100 - percent(max)}%` }}
          aria-hidden="true"
        />
        <input
          type="range"
          aria-label="Minimum price slider"
          min={0}
          max={ceiling}
          value={range.min}
          onChange={(event) => onChange(slideMin(range, Number(event.target.value), ceiling))}
          style={{ zIndex: minOnTop ? 2 : 1 }}
        />
        <input
          type="range"
          aria-label="Maximum price slider"
          min={0}
          max={ceiling}
          value={max}
          onChange={(event) => onChange(slideMax(range, Number(event.target.value), ceiling))}
          style={{ zIndex: minOnTop ? 1 : 2 }}
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
      <p className="text-sm text-slate-600">{priceRangeLabel(range, ceiling)}</p>
      <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => onChange({ min: 0, max: null })}>
        Clear price filter
      </button>
    </fieldset>
  );
}
