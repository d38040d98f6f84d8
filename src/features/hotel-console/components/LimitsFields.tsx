import { POLICY_LIMITS, type ResalePolicy } from '../../../../contract/resale-policy.ts';
import { Field, fieldClass, type FieldProblems } from './PolicyField.tsx';

type Limits = Pick<ResalePolicy, 'cutOffHours' | 'priceCapPercent'>;

interface Props {
  policy: Limits;
  problems: FieldProblems;
  onChange: (changes: Partial<Limits>) => void;
}

/** The cut-off and the price cap, each with its hint and, once the policy is checked, its problem beside it. */
export function LimitsFields({ policy, problems, onChange }: Props) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <WholeNumberField
        id="policy-cut-off"
        label="Cut-off (hours before check-in)"
        hint="No listing and no sale this close to check-in. 168 hours is 7 days."
        range={[0, POLICY_LIMITS.maxCutOffHours]}
        value={policy.cutOffHours}
        problem={problems.cutOffHours}
        onChange={(cutOffHours) => onChange({ cutOffHours })}
      />
      <WholeNumberField
        id="policy-price-cap"
        label="Price cap (% of the price paid)"
        hint="At most 100. Restay’s own limit applies too: the lower one holds."
        range={[1, 100]}
        value={policy.priceCapPercent}
        problem={problems.priceCapPercent}
        onChange={(priceCapPercent) => onChange({ priceCapPercent })}
      />
    </div>
  );
}

/** A whole number typed in a field; an empty field reads as nothing typed (NaN), which the policy's check names. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Math.trunc(Number(text)));

function WholeNumberField(props: {
  id: string;
  label: string;
  hint: string;
  range: [number, number];
  value: number;
  problem: string | undefined;
  onChange: (value: number) => void;
}) {
  const { id, label, hint, range, value, problem, onChange } = props;
  return (
    <Field id={id} problem={problem}>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={range[0]}
        max={range[1]}
        className={fieldClass}
        value={Number.isFinite(value) ? value : ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-problem ${id}-hint`}
        onChange={(e) => onChange(wholeNumber(e.target.value))}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </Field>
  );
}
