import type { RefObject } from 'react';
import { GUEST_NAME_MAX } from '../../../../contract/constants.ts';
import type { GuestNameState } from '../use-guest-name.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-500';

type Props = {
  guest: GuestNameState;
  disabled: boolean;
  /** The first field, so the panel can send focus to it when a name is refused. */
  firstNameRef: RefObject<HTMLInputElement | null>;
  lastNameRef: RefObject<HTMLInputElement | null>;
};

/** The guest's first and last name as on their ID: the hotel puts the reservation under this name. */
export function GuestNameFields({ guest, disabled, firstNameRef, lastNameRef }: Props) {
  const fields = [
    { key: 'firstName', id: 'guest-first-name', label: 'First name', autoComplete: 'given-name', ref: firstNameRef },
    { key: 'lastName', id: 'guest-last-name', label: 'Last name', autoComplete: 'family-name', ref: lastNameRef },
  ] as const;
  return (
    <fieldset className="mt-4" aria-describedby="guest-name-hint">
      <legend className="text-sm font-semibold text-slate-900">Guest name, as on your ID</legend>
      <p id="guest-name-hint" className="mt-1 text-xs text-slate-600">
        The hotel puts the reservation under this name; you show this ID at check-in.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {fields.map((field) => {
          const error = guest.errors[field.key];
          return (
            <div key={field.key}>
              <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
                {field.label}
              </label>
              <input
                ref={field.ref}
                id={field.id}
                type="text"
                autoComplete={field.autoComplete}
                maxLength={GUEST_NAME_MAX}
                required
                disabled={disabled}
                value={guest.name[field.key]}
                onChange={(event) => guest.change(field.key, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.id}-error` : undefined}
                className={fieldClass}
              />
              {error ? (
                <p id={`${field.id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
