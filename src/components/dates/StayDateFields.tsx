import { useEffect, useState, type ComponentType } from 'react';
import { formatStayDate } from '../../lib/format.ts';
import {
  DAY_FIELD_LOOKS,
  dayFieldId,
  PLACEHOLDER,
  type DayFieldArrival,
  type StayDateFieldsProps,
} from './day-field-looks.ts';

type Pickers = ComponentType<StayDateFieldsProps & { arrival: DayFieldArrival | null }>;

// The date pickers (react-datepicker and its date library) stay out of every page's first paint: one request,
// made when a field is reached or pressed, or once the browser is idle after the page has painted. A failed load
// is forgotten, so the next press asks again (the fields stay as drawn meanwhile).
let loading: Promise<Pickers> | undefined;
const loadPickers = () =>
  (loading ??= import('./StayDatePickers.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** After first paint, when the browser has nothing better to do (at the latest after 3 s; Safari: after 1 s). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

const ignoreFailedLoad = () => {};

type Arrive = (next: (noted: DayFieldArrival | null) => DayFieldArrival | null) => void;
type StandInProps = StayDateFieldsProps & { onArrive: Arrive };

/**
 * The two fields as the server draws them and as they stand until the picker's code is here: labelled, showing
 * the chosen day, read-only (a day is chosen in the picker; nothing typed here could be lost). Reaching or
 * pressing one asks for the code and is remembered, so the picker takes over that field.
 */
function StandInFields({ startDate, endDate, look, labels, idPrefix, problem, onArrive }: StandInProps) {
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
 * Check-in and check-out, chosen with the one date picker (`StayDatePickers`), whose code loads after the page
 * has painted. Until it is here the fields stand in for it, so a server-drawn page shows them at once.
 */
export function StayDateFields(props: StayDateFieldsProps) {
  const [Loaded, setLoaded] = useState<{ Pickers: Pickers } | null>(null);
  const [arrival, setArrival] = useState<DayFieldArrival | null>(null);

  useEffect(() => {
    let current = true;
    const load = () => loadPickers().then((Pickers) => current && setLoaded({ Pickers }), ignoreFailedLoad);
    const cancelIdle = whenIdle(load);
    return () => {
      current = false;
      cancelIdle();
    };
  }, []);

  if (Loaded) return <Loaded.Pickers {...props} arrival={arrival} />;
  return (
    <StandInFields
      {...props}
      onArrive={(next) => {
        setArrival(next);
        loadPickers().then((Pickers) => setLoaded({ Pickers }), ignoreFailedLoad);
      }}
    />
  );
}
