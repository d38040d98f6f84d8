import { Link } from 'react-router-dom';
import type { SavedSearch } from '../../../../contract/alerts.ts';
import { useUpdateSavedSearch } from '../../../components/alerts/saved-search-api.ts';
import { describeSearch, marketplaceUrlOf } from '../describe-search.ts';

const smallButton =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';

function matchesLabel(search: SavedSearch): string {
  if (search.matchCountCapped) return `More than ${search.matchCount} stays match now`;
  return `${search.matchCount} ${search.matchCount === 1 ? 'stay matches' : 'stays match'} now`;
}

/** One saved search: what it looks for, how many stays match now, and open, change, pause or delete. */
export function SavedSearchCard({
  search,
  onEdit,
  onDelete,
}: {
  search: SavedSearch;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateSavedSearch();
  const headingId = `saved-search-${search.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {search.name}
        </h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-700">
          {search.paused ? 'Paused' : search.frequency === 'instant' ? 'Instant emails' : 'Daily digest'}
        </span>
      </div>
      <p className="mt-1 text-slate-600">{describeSearch(search.query)}</p>
      <p className="mt-1 text-sm font-medium text-slate-800">{matchesLabel(search)}</p>
      {update.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {update.error.message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={marketplaceUrlOf(search.query)}
          className={smallButton}
          aria-label={`Open ${search.name} in the marketplace`}
        >
          Open
        </Link>
        <button type="button" className={smallButton} onClick={onEdit} aria-label={`Change ${search.name}`}>
          Change
        </button>
        <button
          type="button"
          className={smallButton}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: search.id, changes: { paused: !search.paused } })}
          aria-label={`${search.paused ? 'Resume' : 'Pause'} ${search.name}`}
        >
          {search.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className={smallButton} onClick={onDelete} aria-label={`Delete ${search.name}`}>
          Delete
        </button>
      </div>
    </article>
  );
}
