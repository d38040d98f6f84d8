import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import {
  SAVED_SEARCH_LIMITS,
  type AlertFrequency,
  type SavedQuery,
  type SavedSearch,
} from '../../../../contract/alerts.ts';
import { AlertSettingsFields, fieldClass, labelClass } from '../../../components/alerts/AlertSettingsFields.tsx';
import { browserTimeZone, useUpdateSavedSearch } from '../../../components/alerts/saved-search-api.ts';
import { DialogActions } from '../../../components/ui/DialogActions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dialogTitleClass, overlayClass, panelClass } from './dialog-styles.ts';

type Props = { search: SavedSearch; digestHour: number; onClose: () => void };

const QUERY_FIELDS = [
  ['location', 'Where', 'text'],
  ['hotelName', 'Hotel', 'text'],
  ['startDate', 'Check-in from', 'date'],
  ['endDate', 'Check-out by', 'date'],
  ['minPrice', 'Lowest price', 'text'],
  ['maxPrice', 'Highest price', 'text'],
] as const;

/** The server's message for one field of the query, if it refused it. */
function problemFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return undefined;
  return (error.details as { field?: string; message?: string }[]).find((detail) => detail.field === field)?.message;
}

/** Rename, change the search's filters, or change how the person hears of matches. */
export function EditSavedSearchDialog({ search, digestHour: currentHour, onClose }: Props) {
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(search.name);
  const [query, setQuery] = useState<SavedQuery>(search.query);
  const [frequency, setFrequency] = useState<AlertFrequency>(search.frequency);
  const [digestHour, setDigestHour] = useState(currentHour);
  const timeZone = browserTimeZone();

  function submit(event: FormEvent) {
    event.preventDefault();
    const digest = frequency === 'daily' ? { digestHour, timeZone } : {};
    update.mutate({ id: search.id, changes: { name, query, frequency, ...digest } }, { onSuccess: onClose });
  }

  const problem = (field: string) => problemFor(update.error, field);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={panelClass} aria-describedby={undefined}>
          <Dialog.Title className={dialogTitleClass}>Change “{search.name}”</Dialog.Title>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor="edit-search-name" className={labelClass}>
                Name
              </label>
              <input
                id="edit-search-name"
                value={name}
                maxLength={SAVED_SEARCH_LIMITS.name}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={problem('name') ? true : undefined}
                aria-describedby={problem('name') ? 'edit-search-name-problem' : undefined}
                className={fieldClass}
              />
              {problem('name') ? (
                <p id="edit-search-name-problem" className="mt-1 text-sm text-red-700">
                  {problem('name')}
                </p>
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {QUERY_FIELDS.map(([field, label, type]) => {
                const id = `edit-search-${field}`;
                const message = problem(`query.${field}`);
                return (
                  <div key={field}>
                    <label htmlFor={id} className={labelClass}>
                      {label}
                    </label>
                    <input
                      id={id}
                      type={type}
                      inputMode={field.endsWith('Price') ? 'decimal' : undefined}
                      value={query[field] ?? ''}
                      onChange={(event) => setQuery({ ...query, [field]: event.target.value })}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${id}-problem` : undefined}
                      className={fieldClass}
                    />
                    {message ? (
                      <p id={`${id}-problem`} className="mt-1 text-sm text-red-700">
                        {message}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            {query.bounds ? (
              <label className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  checked
                  onChange={() => setQuery({ ...query, bounds: undefined })}
                  className="size-4 accent-brand-600"
                />
                Only the map area I searched
              </label>
            ) : null}
            <AlertSettingsFields
              idPrefix="edit-search"
              frequency={frequency}
              onFrequencyChange={setFrequency}
              digestHour={digestHour}
              onDigestHourChange={setDigestHour}
              timeZone={timeZone}
            />
            <DialogActions submitLabel="Save changes" pending={update.isPending} error={update.error?.message} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
