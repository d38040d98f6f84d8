import { POLICY_LIMITS, type ResalePolicy } from '../../../../contract/resale-policy.ts';
import { Field, fieldClass, type FieldProblems } from './PolicyField.tsx';

interface Props {
  policy: Pick<ResalePolicy, 'cutOffHours' | 'priceCapPercent'>;
  problems: FieldProblems;
  onChange: (changes: Partial<Pick<ResalePolicy, 'cutOffHours' | 'priceCapPercent'>>) => void;
}

/** A whole number typed in a field; an empty field reads as nothing typed (NaN), which the policy's check names. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Math.trunc(Number(text)));
const shown = (value: number) => (Number.isFinite(value) ? value : '');

/** The cut-off and the price cap, each with its hint and, once the policy is checked, its problem beside it. */
export function LimitsFields({ policy, problems, onChange }: Props) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Field id="policy-cut-off" problem={problems.cutOffHours}>
        <label htmlFor="policy-cut-off" className="font-semibold text-slate-900">
          Cut-off (hours before check-in)
        </label>
        <input
          id="policy-cut-off"
          type="number"
          inputMode="numeric"
          min={0}
          max={POLICY_LIMITS.maxCutOffHours}
          className={fieldClass}
          value={shown(policy.cutOffHours)}
          aria-invalid={problems.cutOffHours ? true : undefined}
          aria-describedby="policy-cut-off-problem policy-cut-off-hint"
          onChange={(e) => onChange({ cutOffHours: wholeNumber(e.target.value) })}
        />
        <p id="policy-cut-off-hint" className="mt-1 text-sm text-slate-600">
          No listing and no sale this close to check-in. 168 hours is 7 days.
        </p>
      </Field>
      <Field id="policy-price-cap" problem={problems.priceCapPercent}>
        <label htmlFor="policy-price-cap" className="font-semibold text-slate-900">
          Price cap (% of the price paid)
        </label>
        <input
          id="policy-price-cap"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          className={fieldClass}
          value={shown(policy.priceCapPercent)}
          aria-invalid={problems.priceCapPercent ? true : undefined}
          aria-describedby="policy-price-cap-problem policy-price-cap-hint"
          onChange={(e) => onChange({ priceCapPercent: wholeNumber(e.target.value) })}
        />
        <p id="policy-price-cap-hint" className="mt-1 text-sm text-slate-600">
          At most 100. Restay’s own limit applies too: the lower one holds.
        </p>
      </Field>
    </div>
  );
}
