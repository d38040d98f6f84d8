import { FEE_LIMITS, type CityTax, type DeskCharges, type NameChangeFee } from '../../../../contract/hotel-fee.ts';
import { NAME_CHANGE_FEE_MAX_SHARE_PERCENT } from '../../../../contract/stay-charge.ts';
import { Field, fieldClass, type FieldProblems } from './PolicyField.tsx';

const legendClass = 'text-base font-semibold text-slate-900';

interface Props {
  fee: NameChangeFee;
  desk: DeskCharges;
  problems: FieldProblems;
  onFee: (fee: NameChangeFee) => void;
  onDesk: (desk: DeskCharges) => void;
}

/** An amount typed in the hotel's currency's major unit, kept in hundredths as the policy stores it. */
const toCents = (typed: string) => (typed.trim() === '' ? Number.NaN : Math.round(Number(typed) * 100));
const shown = (cents: number) => (Number.isFinite(cents) ? String(cents / 100) : '');

/**
 * The hotel's name-change fee and what it still charges at its desk (the buyer reads them before paying). A
 * value out of range is said beside its field, in the words of the policy's check.
 */
export function FeeAndDeskFields({ fee, desk, problems, onFee, onDesk }: Props) {
  const setDesk = (changes: Partial<DeskCharges>) => onDesk({ ...desk, ...changes });
  const setTax = (cityTax: CityTax) => setDesk({ cityTax });
  return (
    <>
      <fieldset>
        <legend className={legendClass}>Name-change fee</legend>
        <AmountField
          id="policy-fee"
          label="Fee per stay (in your hotel's currency, 0 for none)"
          cents={fee.amountCents}
          onChange={(amountCents) => onFee({ amountCents })}
          problem={problems['nameChangeFee.amountCents']}
          hint={`The buyer pays it with the price, and it is paid out to you once the stay is in their name. It is at most ${NAME_CHANGE_FEE_MAX_SHARE_PERCENT}% of a stay's asking price: on a cheaper stay it is lowered to that.`}
        />
      </fieldset>

      <fieldset>
        <legend className={legendClass}>Charged at your desk</legend>
        <p className="text-sm text-slate-600">Buyers read these below the total they pay on Restay.</p>
        <div className="mt-2 grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor="policy-city-tax-kind" className="font-semibold text-slate-900">
              City or tourist tax
            </label>
            <select
              id="policy-city-tax-kind"
              className={fieldClass}
              value={desk.cityTax.kind}
              onChange={(e) => {
                const kind = e.target.value as CityTax['kind'];
                setTax(
                  kind === 'per_person_night'
                    ? { kind, amountCents: 0 }
                    : kind === 'percent'
                      ? { kind, percent: 0 }
                      : { kind },
                );
              }}
            >
              <option value="none">None</option>
              <option value="per_person_night">An amount per person per night</option>
              <option value="percent">A share of the room price</option>
            </select>
          </div>
          {desk.cityTax.kind === 'per_person_night' ? (
            <AmountField
              id="policy-city-tax"
              label="Tax per person per night"
              cents={desk.cityTax.amountCents}
              onChange={(amountCents) => setTax({ kind: 'per_person_night', amountCents })}
              problem={problems['deskCharges.cityTax.amountCents']}
            />
          ) : null}
          {desk.cityTax.kind === 'percent' ? (
            <Field id="policy-city-tax-percent" problem={problems['deskCharges.cityTax.percent']}>
              <label htmlFor="policy-city-tax-percent" className="font-semibold text-slate-900">
                Tax (% of the room price)
              </label>
              <input
                id="policy-city-tax-percent"
                type="number"
                inputMode="decimal"
                min={0}
                max={FEE_LIMITS.maxCityTaxPercent}
                step="0.1"
                className={fieldClass}
                value={Number.isFinite(desk.cityTax.percent) ? desk.cityTax.percent : ''}
                aria-invalid={problems['deskCharges.cityTax.percent'] ? true : undefined}
                aria-describedby="policy-city-tax-percent-problem"
                onChange={(e) => setTax({ kind: 'percent', percent: Number(e.target.value) })}
              />
            </Field>
          ) : null}
          <AmountField
            id="policy-deposit"
            label="Deposit held at check-in (0 for none)"
            cents={desk.depositCents}
            onChange={(depositCents) => setDesk({ depositCents })}
            problem={problems['deskCharges.depositCents']}
          />
        </div>
        <label className="mt-4 flex items-center gap-2">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={desk.breakfastIncluded}
            onChange={(e) => setDesk({ breakfastIncluded: e.target.checked })}
          />
          Breakfast is included in the rate
        </label>
        <Field id="policy-cancellation" problem={problems['deskCharges.cancellationTerms']}>
          <label htmlFor="policy-cancellation" className="mt-4 block font-semibold text-slate-900">
            Cancellation terms, as you state them
          </label>
          <textarea
            id="policy-cancellation"
            rows={2}
            maxLength={FEE_LIMITS.maxCancellationTermsLength + 50}
            className={fieldClass}
            value={desk.cancellationTerms}
            aria-invalid={problems['deskCharges.cancellationTerms'] ? true : undefined}
            aria-describedby="policy-cancellation-problem"
            onChange={(e) => setDesk({ cancellationTerms: e.target.value })}
          />
        </Field>
      </fieldset>
    </>
  );
}

function AmountField(props: {
  id: string;
  label: string;
  cents: number;
  onChange: (cents: number) => void;
  problem: string | undefined;
  hint?: string;
}) {
  const { id, label, cents, onChange, problem, hint } = props;
  return (
    <Field id={id} problem={problem}>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={FEE_LIMITS.maxAmountCents / 100}
        step="0.01"
        className={fieldClass}
        value={shown(cents)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-problem${hint ? ` ${id}-hint` : ''}`}
        onChange={(e) => onChange(toCents(e.target.value))}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </Field>
  );
}
