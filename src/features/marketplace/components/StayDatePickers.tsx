import { useId, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { chooseCheckIn, fromIsoDay, nextDay, toIsoDay } from '../date-rules.ts';

const field = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

type Props = {
  startDate: string;
  endDate: string;
  onChange: (dates: { startDate: string; endDate: string }) => void;
};

/** Check-in (today at the earliest) and check-out pickers; only one popup is open at a time. */
export default function StayDatePickers({ startDate, endDate, onChange }: Props) {
  const [openPicker, setOpenPicker] = useState<'in' | 'out' | null>(null);
  const today = fromIsoDay(toIsoDay(new Date()))!;
  const ids = { in: useId(), out: useId() };
  // Each label names its input by id instead of wrapping it: the popup renders beside the input, and a click on
  // a day inside a wrapping label would also "click" the input and open the popup again.
  return (
    <>
      <div className="text-xs font-medium text-slate-600">
        <label htmlFor={ids.in}>Check in</label>
        <DatePicker
          id={ids.in}
          className={field}
          selected={fromIsoDay(startDate)}
          minDate={today}
          placeholderText="Add date"
          dateFormat="MMM d, yyyy"
          open={openPicker === 'in'}
          onInputClick={() => setOpenPicker('in')}
          onClickOutside={() => setOpenPicker(null)}
          onChange={(date: Date | null) => {
            setOpenPicker(null);
            onChange(chooseCheckIn(date ? toIsoDay(date) : '', endDate));
          }}
        />
      </div>
      <div className="text-xs font-medium text-slate-600">
        <label htmlFor={ids.out}>Check out</label>
        <DatePicker
          id={ids.out}
          className={field}
          selected={fromIsoDay(endDate)}
          minDate={fromIsoDay(startDate ? nextDay(startDate) : toIsoDay(today)) ?? today}
          placeholderText="Add date"
          dateFormat="MMM d, yyyy"
          open={openPicker === 'out'}
          onInputClick={() => setOpenPicker('out')}
          onClickOutside={() => setOpenPicker(null)}
          onChange={(date: Date | null) => {
            setOpenPicker(null);
            onChange({ startDate, endDate: date ? toIsoDay(date) : '' });
          }}
        />
      </div>
    </>
  );
}
