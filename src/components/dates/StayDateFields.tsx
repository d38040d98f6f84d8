import { useState, type ComponentType } from 'react';
import { formatStayDate } from '../../lib/format.ts';
import {
  DAY_FIELD_LOOKS,
  dayFieldId,
  PLACEHOLDER,
  type DayFieldArrival,
  type StayDateFieldsProps,
} from './day-field-looks.ts';

type Pickers = ComponentType<StayDateFieldsProps & { arrival: DayFieldArrival | null }>;

// The date pickers (react-datepicker, its date library and its positioning) run only once a visitor reaches for a
// date field, so no script of theirs runs while the page loads: the main thread stays free for the visitor. On
// the pages with date fields the server names their code for the browser to prefetch once the page has loaded and
// the browser is idle (low priority, not run; src/lib/fetch-ahead.ts), so the first reach waits only for it to be
// evaluated; a reach before then, or on a page the server did not serve (a client-side navigation), downloads it
// then. A failed load is forgotten, so the next reach asks again (the fields stay as drawn meanwhile).
let loading: Promise<Pickers> | undefined;
const loadPickers = () =>
  (loading ??= import('./StayDatePickers.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

const ignoreFailedLoad = () => {};

type Arrive = (next: (noted: DayFieldArrival | null) => DayFieldArrival | null) => void;
type StandInProps = StayDateFieldsProps & { onApproach: () => void; onArrive: Arrive };

/**
 * The two fields as the server draws them and as they stand until the picker's code is here: labelled, showing
 * the chosen day, read-only (a day is chosen in the picker; nothing typed here could be lost). A pointer coming
 * over one asks for the code (on a desktop the hover comes a moment before the press); reaching or pressing one
 * asks for it too and is remembered, so the picker takes over that field.
 */
function StandInFields({ startDate, endDate, look, labels, idPrefix, problem, onApproach, onArrive }: StandInProps) {
  const styles = DAY_FIELD_LOOKS[look];
  const days = { in: startDate, out: endDate };
  return (
    <>
      {(['in', 'out'] as const).map((field) => (
        <div key={field} className={styles.box}>
          <label htmlFor={dayFieldId(idPrefix, field)} className={styles.label}>
            {labels[field]}
          </label>
          <input
            id={dayFieldId(idPrefix, field)}
            type="text"
            readOnly
            autoComplete="off"
            placeholder={PLACEHOLDER}
            value={formatStayDate(days[field]) ?? ''}
            aria-invalid={problem?.[field] ? true : undefined}
            aria-describedby={problem ? problem.messageId : undefined}
            data-picker-loading=""
            className={styles.field}
            onPointerEnter={onApproach}
            // A press focuses the field too (after the pointer goes down): a press already noted stays a press.
            onPointerDown={() => onArrive(() => ({ field, pressed: true }))}
            onClick={() => onArrive(() => ({ field, pressed: true }))}
            onFocus={() => onArrive((noted) => (noted?.field === field ? noted : { field, pressed: false }))}
            onBlur={() => onArrive(() => null)}
          />
        </div>
      ))}
    </>
  );
}

/**
 * Check-in and check-out, chosen with the one date picker (`StayDatePickers`), whose code runs once the visitor
 * reaches for a field. Until then the fields stand in for it, so a server-drawn page shows them at once.
 */
export function StayDateFields(props: StayDateFieldsProps) {
  const [Loaded, setLoaded] = useState<{ Pickers: Pickers } | null>(null);
  const [arrival, setArrival] = useState<DayFieldArrival | null>(null);

  if (Loaded) return <Loaded.Pickers {...props} arrival={arrival} />;
  const load = () => loadPickers().then((Pickers) => setLoaded({ Pickers }), ignoreFailedLoad);
  return (
    <StandInFields
      {...props}
      onApproach={load}
      onArrive={(next) => {
        setArrival(next);
        load();
      }}
    />
  );
}
