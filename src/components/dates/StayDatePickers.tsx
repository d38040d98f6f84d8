import { useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { fromIsoDay, localIsoDate, nextDay } from '../../lib/calendar-day.ts';
import {
  DAY_FIELD_LOOKS,
  dayFieldId,
  PLACEHOLDER,
  type DayFieldArrival,
  type StayDateFieldsProps,
} from './day-field-looks.ts';
import { chooseCheckIn } from './stay-dates.ts';

type DayFieldProps = {
  id: string;
  label: string;
  look: StayDateFieldsProps['look'];
  value: string;
  minDate: Date;
  open: boolean;
  focusOnMount: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onOpenChange: (open: boolean) => void;
  onChange: (day: string) => void;
};

/**
 * One labelled day picker. The label names its input by id instead of wrapping it: the popup renders beside the
 * input, and a click on a day inside a wrapping label would also "click" the input and open the popup again.
 * The popup's open state is ours, so Escape (from the field or from a day inside the popup, whose key events
 * pass here through React's tree) closes it here and gives the field its focus back; an arrow key on the field
 * opens it. On a phone too the calendar opens beside its field, above it when there is no room below. (Not the
 * library's full-screen portal: it follows the library's own idea of being open, not ours.)
 */
function DayField(props: DayFieldProps) {
  const { id, label, look, value, minDate, open, onOpenChange, onChange } = props;
  const styles = DAY_FIELD_LOOKS[look];
  return (
    <div
      className={styles.box}
      onKeyDown={(event) => {
        // The picker marks itself open on focus in its own state, which our `open` overrides; believing itself
        // open, it never opens on an arrow key. So the arrow keys on the field open it here.
        const arrow = event.key === 'ArrowDown' || event.key === 'ArrowUp';
        if (!open && arrow && event.target instanceof HTMLInputElement) onOpenChange(true);
      }}
      // Escape is taken before the picker sees it: its own Escape blurs the field a moment after giving it focus.
      onKeyDownCapture={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        onOpenChange(false);
        document.getElementById(id)?.focus();
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <DatePicker
        id={id}
        // react-datepicker wraps its input in an inline block; the field takes the column's width like the others.
        wrapperClassName="block w-full"
        className={styles.field}
        selected={fromIsoDay(value)}
        minDate={minDate}
        placeholderText={PLACEHOLDER}
        dateFormat="MMM d, yyyy"
        autoComplete="off"
        autoFocus={props.focusOnMount}
        ariaInvalid={props.invalid ? 'true' : undefined}
        ariaDescribedBy={props.describedBy}
        open={open}
        onInputClick={() => onOpenChange(true)}
        onClickOutside={() => onOpenChange(false)}
        onChange={(date: Date | null) => {
          onOpenChange(false);
          onChange(date ? localIsoDate(date) : '');
        }}
      />
    </div>
  );
}

type Props = StayDateFieldsProps & {
  /** The field the visitor reached while this code was loading: it takes the focus, and opens if pressed. */
  arrival: DayFieldArrival | null;
};

/** Check-in (today at the earliest) and check-out pickers; only one popup is open at a time. */
export default function StayDatePickers(props: Props) {
  const { startDate, endDate, onChange, look, labels, idPrefix, problem, arrival } = props;
  const [openPicker, setOpenPicker] = useState<'in' | 'out' | null>(arrival?.pressed ? arrival.field : null);
  const today = fromIsoDay(localIsoDate())!;
  const openChange = (picker: 'in' | 'out') => (open: boolean) => setOpenPicker(open ? picker : null);
  const field = (picker: 'in' | 'out') => ({
    id: dayFieldId(idPrefix, picker),
    label: labels[picker],
    look,
    open: openPicker === picker,
    focusOnMount: arrival?.field === picker,
    invalid: problem?.[picker] ?? false,
    describedBy: problem ? problem.messageId : undefined,
    onOpenChange: openChange(picker),
  });
  return (
    <>
      <DayField
        {...field('in')}
        value={startDate}
        minDate={today}
        onChange={(day) => onChange(chooseCheckIn(day, endDate))}
      />
      <DayField
        {...field('out')}
        value={endDate}
        minDate={fromIsoDay(startDate ? nextDay(startDate) : localIsoDate(today)) ?? today}
        onChange={(day) => onChange({ startDate, endDate: day })}
      />
    </>
  );
}
