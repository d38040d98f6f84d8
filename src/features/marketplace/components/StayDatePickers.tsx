import { useState } from 'react';
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
  return (
    <>
        <label className="text-xs font-medium text-slate-600">
          Check in
          <DatePicker
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
        </label>
        <label className="text-xs font-medium text-slate-600">
          Check out
          <DatePicker
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
        </label>
    </>
  );
}
