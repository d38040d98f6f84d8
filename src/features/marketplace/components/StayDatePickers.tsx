import { useId, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { fromIsoDay, localIsoDate, nextDay } from '../../../lib/calendar-day.ts';
import { chooseCheckIn } from '../date-rules.ts';

type DayFieldProps = {
  label: string;
  value: string;
  minDate: Date;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (day: string) => void;
};

/**
 * One labelled day picker. The label names its input by id instead of wrapping it: the popup renders beside the
 * input, and a click on a day inside a wrapping label would also "click" the input and open the popup again.
 * The popup's open state is ours, so Escape (from the field or from a day inside the popup, whose key events
 * bubble here through React's tree) closes it here and gives the field its focus back.
 */
function DayField({ label, value, minDate, open, onOpenChange, onChange }: DayFieldProps) {
  const id = useId();
  return (
    <div
      className="text-xs font-medium text-slate-600"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        onOpenChange(false);
        document.getElementById(id)?.focus();
      }}
    >
      <label htmlFor={id} className="block">
        {label}
      </label>
      <DatePicker
        id={id}
        // react-datepicker wraps its input in an inline block; the field takes the column's width like the others.
        wrapperClassName="block w-full"
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        selected={fromIsoDay(value)}
        minDate={minDate}
        placeholderText="Add date"
        dateFormat="MMM d, yyyy"
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

type Props = {
  startDate: string;
  endDate: string;
  onChange: (dates: { startDate: string; endDate: string }) => void;
};

/** Check-in (today at the earliest) and check-out pickers; only one popup is open at a time. */
export default function StayDatePickers({ startDate, endDate, onChange }: Props) {
  const [openPicker, setOpenPicker] = useState<'in' | 'out' | null>(null);
  const today = fromIsoDay(localIsoDate())!;
  const openChange = (picker: 'in' | 'out') => (open: boolean) => setOpenPicker(open ? picker : null);
  return (
    <>
      <DayField
        label="Check in"
        value={startDate}
        minDate={today}
        open={openPicker === 'in'}
        onOpenChange={openChange('in')}
        onChange={(day) => onChange(chooseCheckIn(day, endDate))}
      />
      <DayField
        label="Check out"
        value={endDate}
        minDate={fromIsoDay(startDate ? nextDay(startDate) : localIsoDate(today)) ?? today}
        open={openPicker === 'out'}
        onOpenChange={openChange('out')}
        onChange={(day) => onChange({ startDate, endDate: day })}
      />
    </>
  );
}
