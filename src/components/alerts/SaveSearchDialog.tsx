import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_DIGEST_HOUR,
  SAVED_SEARCH_LIMITS,
  type AlertFrequency,
  type SavedQuery,
} from '../../../contract/alerts.ts';
import { DialogActions } from '../ui/DialogActions.tsx';
import { primaryButton, secondaryButton } from '../ui/button-styles.ts';
import { AlertSettingsFields, fieldClass, labelClass } from './AlertSettingsFields.tsx';
import { browserTimeZone, useCreateSavedSearch } from './saved-search-api.ts';

type Props = { query: SavedQuery; onClose: () => void };

/** A name the person can keep: the place searched, else a plain default. */
const suggestedName = (query: SavedQuery) =>
  (query.location || query.hotelName || 'My search').slice(0, SAVED_SEARCH_LIMITS.name);

/** "Save this search": names the marketplace's current search and says how to hear of new matches. */
export default function SaveSearchDialog({ query, onClose }: Props) {
  const create = useCreateSavedSearch();
  const [name, setName] = useState(() => suggestedName(query));
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [digestHour, setDigestHour] = useState(DEFAULT_DIGEST_HOUR);
  const timeZone = browserTimeZone();
  const nameProblem = name.trim() === '' ? 'Please name this search.' : null;
  const [showProblems, setShowProblems] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setShowProblems(true);
    if (nameProblem) return;
    create.mutate({ name, query, frequency, timeZone, ...(frequency === 'daily' ? { digestHour } : {}) });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Save this search</Dialog.Title>
          {create.isSuccess ? (
            <>
              <Dialog.Description className="mt-2 text-slate-700" role="status">
                Saved. We will email you when a stay matching “{create.data.name}” is listed or gets cheaper.
              </Dialog.Description>
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Link to="/alerts" className={secondaryButton}>
                  Manage alerts
                </Link>
                <Dialog.Close className={primaryButton}>Done</Dialog.Close>
              </div>
            </>
          ) : (
            <form onSubmit={submit} noValidate className="mt-4 space-y-4">
              <Dialog.Description className="text-sm text-slate-600">
                Get an email when a stay matching this search is listed, or when one gets cheaper.
              </Dialog.Description>
              <div>
                <label htmlFor="save-search-name" className={labelClass}>
                  Name
                </label>
                <input
                  id="save-search-name"
                  value={name}
                  maxLength={SAVED_SEARCH_LIMITS.name}
                  onChange={(event) => setName(event.target.value)}
                  aria-invalid={showProblems && nameProblem ? true : undefined}
                  aria-describedby={showProblems && nameProblem ? 'save-search-name-problem' : undefined}
                  className={fieldClass}
                />
                {showProblems && nameProblem ? (
                  <p id="save-search-name-problem" className="mt-1 text-sm text-red-700">
                    {nameProblem}
                  </p>
                ) : null}
              </div>
              <AlertSettingsFields
                idPrefix="save-search"
                frequency={frequency}
                onFrequencyChange={setFrequency}
                digestHour={digestHour}
                onDigestHourChange={setDigestHour}
                timeZone={timeZone}
              />
              <DialogActions submitLabel="Save search" pending={create.isPending} error={create.error?.message} />
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
