import type { AlertFrequency } from '../../../contract/alerts.ts';

export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-400';
export const labelClass = 'block text-sm font-medium text-slate-700';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

type Props = {
  idPrefix: string;
  frequency: AlertFrequency;
  onFrequencyChange: (frequency: AlertFrequency) => void;
  digestHour: number;
  onDigestHourChange: (hour: number) => void;
  timeZone: string;
};

/** How the person hears of matches: at once, or in one daily email at the hour they pick (in their time zone). */
export function AlertSettingsFields({
  idPrefix,
  frequency,
  onFrequencyChange,
  digestHour,
  onDigestHourChange,
  timeZone,
}: Props) {
  return (
    <>
      <fieldset>
        <legend className={labelClass}>Email me</legend>
        <div className="mt-2 space-y-2">
          {(
            [
              ['instant', 'As soon as a matching stay is listed or gets cheaper'],
              ['daily', 'In a daily digest'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2 text-slate-800">
              <input
                type="radio"
                name={`${idPrefix}-frequency`}
                value={value}
                checked={frequency === value}
                onChange={() => onFrequencyChange(value)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {frequency === 'daily' ? (
        <div>
          <label htmlFor={`${idPrefix}-hour`} className={labelClass}>
            Digest time
          </label>
          <select
            id={`${idPrefix}-hour`}
            value={digestHour}
            onChange={(event) => onDigestHourChange(Number(event.target.value))}
            aria-describedby={`${idPrefix}-hour-hint`}
            className={fieldClass}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
          <p id={`${idPrefix}-hour-hint`} className="mt-1 text-xs text-slate-500">
            Your time ({timeZone}); one digest a day for all your saved searches.
          </p>
        </div>
      ) : null}
    </>
  );
}
