import * as Slider from '@radix-ui/react-slider';
import { useState } from 'react';
import { priceRangeLabel, settleMax, settleMin, slideTo, typeMax, typeMin, type PriceRange } from '../price-rules.ts';

type Props = {
  range: PriceRange;
  ceiling: number;
  /** The currency the bounds are in. */
  currency: string;
  onChange: (range: PriceRange) => void;
  /** Hidden (still read out) where a visible heading already says "Price". */
  legend?: 'visible' | 'hidden';
};

const thumb =
  'block size-6 cursor-pointer rounded-full border-2 border-brand-600 bg-white shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const numberInput = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/**
 * Two-thumb slider plus min/max fields. Typed text that is not a price is ignored; the fields keep what the user
 * typed until they leave it, then show the value actually applied.
 */
export function PriceFilter({ range, ceiling, currency, onChange, legend = 'visible' }: Props) {
  const [draft, setDraft] = useState<{ field: 'min' | 'max'; text: string } | null>(null);
  const max = range.max ?? ceiling;
  const shown = (field: 'min' | 'max') =>
    draft?.field === field ? draft.text : String(field === 'min' ? range.min : max);

  return (
    <fieldset className="space-y-4">
      <legend className={legend === 'hidden' ? 'sr-only' : 'text-sm font-semibold text-slate-900'}>
        Price <span className="font-normal text-slate-600">({currency})</span>
      </legend>
      <Slider.Root
        className="relative flex h-8 touch-none items-center select-none"
        min={0}
        max={ceiling}
        step={1}
        value={[range.min, max]}
        onValueChange={(values) => onChange(slideTo(values, ceiling))}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb aria-label="Minimum price slider" className={thumb} />
        <Slider.Thumb aria-label="Maximum price slider" className={thumb} />
      </Slider.Root>
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
      <p className="text-sm text-slate-600">{priceRangeLabel(range, ceiling, currency)}</p>
      <button
        type="button"
        className="text-sm font-medium text-brand-700 hover:underline"
        onClick={() => onChange({ min: 0, max: null })}
      >
        Clear price filter
      </button>
    </fieldset>
  );
}
