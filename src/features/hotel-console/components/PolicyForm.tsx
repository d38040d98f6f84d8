import { useState, type FormEvent } from 'react';
import {
  CHANNEL_LABELS,
  POLICY_LIMITS,
  RESALE_CHANNELS,
  resalePolicySchema,
  type NamedItem,
  type PolicyCatalog,
  type ResalePolicy,
} from '../../../../contract/resale-policy.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { ApprovalFields } from './ApprovalFields.tsx';
import { FeeAndDeskFields } from './FeeAndDeskFields.tsx';
import { LimitsFields } from './LimitsFields.tsx';
import { fieldClass, type FieldProblems } from './PolicyField.tsx';

const legendClass = 'text-base font-semibold text-slate-900';

interface Props {
  initial: ResalePolicy;
  /** The hotel's rates and room types; undefined while loading or when its system did not answer. */
  catalog: PolicyCatalog | undefined;
  catalogProblem: string | null;
  pending: boolean;
  error: string | null;
  onPublish: (policy: ResalePolicy) => void;
}

/**
 * The admin's resale policy form: every rule of the policy, checked by the contract's schema before it is sent
 * (the server checks it again). Rates and room types are the hotel's own, named as it names them.
 */
export function PolicyForm({ initial, catalog, catalogProblem, pending, error, onPublish }: Props) {
  const [policy, setPolicy] = useState<ResalePolicy>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const set = (changes: Partial<ResalePolicy>) => setPolicy((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = resalePolicySchema.safeParse(policy);
    if (!checked.success) {
      // Each message beside its own field too, where the form has one for it.
      setFieldProblems(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      setProblem(checked.error.issues[0]?.message ?? 'Please check the policy.');
      return;
    }
    setFieldProblems({});
    setProblem(null);
    onPublish(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-8" aria-label="Resale policy">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={policy.resaleEnabled}
          aria-describedby="policy-resale-help"
          onChange={(e) => set({ resaleEnabled: e.target.checked })}
        />
        <span>
          <span className="font-semibold text-slate-900">Allow resale of our bookings on Restay</span>
          {/* The help says what the box, as it is now ticked or not, means. */}
          <span id="policy-resale-help" className="block text-sm text-slate-600">
            {policy.resaleEnabled
              ? 'On: guests may list and sell the bookings the rules below allow.'
              : 'Off: no booking at the hotel can be listed or bought.'}
          </span>
        </span>
      </label>

      <fieldset>
        <legend className={legendClass}>Channels whose bookings may be resold</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {RESALE_CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={policy.channels.includes(channel)}
                onChange={(e) =>
                  set({
                    channels: e.target.checked
                      ? RESALE_CHANNELS.filter((c) => c === channel || policy.channels.includes(c))
                      : policy.channels.filter((c) => c !== channel),
                  })
                }
              />
              {CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
      </fieldset>

      {catalogProblem ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {catalogProblem}
        </p>
      ) : null}
      <Selection
        legend="Rates that may be resold"
        everyLabel="Every rate"
        items={catalog?.rates.map((rate) => ({ id: rate.id, name: rate.name, group: rate.group })) ?? []}
        value={policy.rates}
        onChange={(rates) => set({ rates })}
      />
      <Selection
        legend="Room types that may be resold"
        everyLabel="Every room type"
        items={catalog?.roomTypes.map((room) => ({ ...room, group: null })) ?? []}
        value={policy.roomTypes}
        onChange={(roomTypes) => set({ roomTypes })}
      />

      <LimitsFields policy={policy} problems={fieldProblems} onChange={set} />

      <Blackouts value={policy.blackouts} onChange={(blackouts) => set({ blackouts })} />

      <ApprovalFields policy={policy} onChange={(approval) => set({ approval })} />
      <FeeAndDeskFields
        fee={policy.nameChangeFee}
        desk={policy.deskCharges}
        problems={fieldProblems}
        onFee={(nameChangeFee) => set({ nameChangeFee })}
        onDesk={(deskCharges) => set({ deskCharges })}
      />

      {problem || error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem ?? error}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={primaryButton}>
        {pending ? 'Publishing...' : 'Publish policy'}
      </button>
    </form>
  );
}

type Choice = ResalePolicy['rates'];

/** "Every ..." or only the ticked ones, grouped as the hotel groups them (rate groups). */
function Selection(props: {
  legend: string;
  everyLabel: string;
  items: { id: string; name: string; group: string | null }[];
  value: Choice;
  onChange: (value: Choice) => void;
}) {
  const { legend, everyLabel, items, value, onChange } = props;
  const chosen: NamedItem[] = value === 'all' ? [] : value;
  // Items the live policy names that the hotel's system no longer lists stay visible, so none is lost unseen.
  const known = new Set(items.map((item) => item.id));
  const shown = [...items, ...chosen.filter((item) => !known.has(item.id)).map((item) => ({ ...item, group: null }))];
  const groups = [...new Set(shown.map((item) => item.group))];
  const name = legend.replace(/\W+/g, '-').toLowerCase();
  return (
    <fieldset>
      <legend className={legendClass}>{legend}</legend>
      <div className="mt-2 space-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={value === 'all'} onChange={() => onChange('all')} />
          {everyLabel}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={value !== 'all'}
            disabled={!shown.length}
            onChange={() => onChange(chosen)}
          />
          Only these:
        </label>
        {value !== 'all'
          ? groups.map((group) => (
              <div key={group ?? ''} className="ml-6">
                {group ? <p className="text-sm font-medium text-slate-600">{group}</p> : null}
                {shown
                  .filter((item) => item.group === group)
                  .map((item) => (
                    <label key={item.id} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        checked={chosen.some((c) => c.id === item.id)}
                        onChange={(e) =>
                          onChange(
                            e.target.checked
                              ? [...chosen, { id: item.id, name: item.name }]
                              : chosen.filter((c) => c.id !== item.id),
                          )
                        }
                      />
                      {item.name}
                    </label>
                  ))}
              </div>
            ))
          : null}
      </div>
    </fieldset>
  );
}

/** Ranges of days (both included) in which no stay may be resold. */
function Blackouts({
  value,
  onChange,
}: {
  value: ResalePolicy['blackouts'];
  onChange: (v: ResalePolicy['blackouts']) => void;
}) {
  const change = (index: number, field: 'from' | 'to', day: string) =>
    onChange(value.map((range, i) => (i === index ? { ...range, [field]: day } : range)));
  return (
    <fieldset>
      <legend className={legendClass}>Blackout dates</legend>
      <p className="text-sm text-slate-600">No stay with a night in these days may be resold.</p>
      <ul className="mt-2 space-y-3">
        {value.map((range, index) => (
          <li key={index} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="text-sm">
              From
              <input
                type="date"
                className={fieldClass}
                value={range.from}
                onChange={(e) => change(index, 'from', e.target.value)}
              />
            </label>
            <label className="text-sm">
              To
              <input
                type="date"
                className={fieldClass}
                value={range.to}
                onChange={(e) => change(index, 'to', e.target.value)}
              />
            </label>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              Remove<span className="sr-only"> blackout {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      {value.length < POLICY_LIMITS.maxBlackouts ? (
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          onClick={() => onChange([...value, { from: '', to: '' }])}
        >
          Add blackout dates
        </button>
      ) : null}
    </fieldset>
  );
}
