import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { ConnectedHotel } from '../../../../contract/selling.ts';
import { useConnectedHotels } from '../api/connected-hotels.ts';
import { fieldClass, hintClass, labelClass } from './form-styles.ts';

/** Typing settles for this long before the hotels are asked: one request per pause, not per key. */
const TYPING_PAUSE_MS = 200;

type Props = {
  value: ConnectedHotel | null;
  onChange: (hotel: ConnectedHotel | null) => void;
};

/**
 * The optional hotel of the reservation, chosen from the connected hotels as the seller types (a combobox with a
 * list: arrows move, Enter picks, Escape closes). Naming it lets a reservation booked a moment ago be found at once.
 */
export function HotelPicker({ value, onChange }: Props) {
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [settled, setSettled] = useState(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const hotels = useConnectedHotels(settled).data ?? [];
  const shown = open && text.trim().length >= 2 && hotels.length > 0;

  const choose = (hotel: ConnectedHotel) => {
    onChange(hotel);
    setText(hotel.name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (hotels.length ? (current + step + hotels.length) % hotels.length : -1));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      choose(hotels[active]!);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className={labelClass}>
        Hotel <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        className={fieldClass}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Hotels on Restay"
        hidden={!shown}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {hotels.map((hotel, index) => (
          <li
            key={hotel.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-slate-100' : ''}`}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(hotel);
            }}
          >
            {hotel.name}
          </li>
        ))}
      </ul>
      <p id={`${id}-hint`} className={hintClass}>
        Booked in the last few minutes? Name the hotel and we find it straight away.
      </p>
    </div>
  );
}
