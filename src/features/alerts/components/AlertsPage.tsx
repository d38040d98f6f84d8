import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedSearch } from '../../../../contract/alerts.ts';
import { hourLabel } from '../../../components/alerts/AlertSettingsFields.tsx';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSavedSearches } from '../api/saved-searches.ts';
import { DeleteSavedSearchDialog } from './DeleteSavedSearchDialog.tsx';
import { EditSavedSearchDialog } from './EditSavedSearchDialog.tsx';
import { SavedSearchCard } from './SavedSearchCard.tsx';

export const LOAD_FAILED = 'Failed to load your saved searches.';

type Open = { kind: 'edit' | 'delete'; search: SavedSearch } | null;

/** Alerts: the person's saved searches, how many stays match each now, and what they can do with them. */
export default function AlertsPage() {
  usePageTitle('Alerts');
  const list = useSavedSearches();
  const [open, setOpen] = useState<Open>(null);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Alerts</h1>
      <p className="mt-2 text-slate-600">
        Your saved searches. We email you when a matching stay is listed or gets cheaper.
      </p>
      <div className="mt-8">
        {list.isPending ? (
          <Spinner label="Loading your saved searches…" />
        ) : list.isError ? (
          <LoadFailed title={LOAD_FAILED} onRetry={() => void list.refetch()} />
        ) : list.data.savedSearches.length === 0 ? (
          <StatusMessage
            title="No saved searches yet"
            action={
              <Link to="/marketplace" className={primaryButton}>
                Search the Marketplace
              </Link>
            }
          >
            <p>Search the marketplace, then press “Save this search” to hear of new stays first.</p>
          </StatusMessage>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600">
              Daily digests arrive at {hourLabel(list.data.digestHour)} ({list.data.timeZone}).
            </p>
            <ul className="space-y-4">
              {list.data.savedSearches.map((search) => (
                <li key={search.id}>
                  <SavedSearchCard
                    search={search}
                    onEdit={() => setOpen({ kind: 'edit', search })}
                    onDelete={() => setOpen({ kind: 'delete', search })}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {open?.kind === 'edit' ? (
        <EditSavedSearchDialog
          search={open.search}
          digestHour={list.data?.digestHour ?? 8}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteSavedSearchDialog search={open.search} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
