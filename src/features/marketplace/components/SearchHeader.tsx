import { useState } from 'react';
import { StayDateFields } from '../../../components/dates/StayDateFields.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { fromIsoDay } from '../../../lib/calendar-day.ts';
import type { SearchFilters } from '../../../lib/search-filters.ts';

export type TextFilters = Pick<SearchFilters, 'location' | 'hotelName' | 'startDate' | 'endDate'>;

type Props = {
  initial: TextFilters;
  onSearch: (filters: TextFilters) => void;
};

const field = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

function formatDay(day: string): string | null {
  const date = fromIsoDay(day);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : null;
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  );
}

/**
 * The collapsed bar's three parts. A phone has no room for three columns (each would read "Loc…"): there the place
 * takes a line and the two dates the next; from `sm` up, three columns.
 */
const SUMMARY_PART = [
  'col-span-2 font-medium text-slate-900 sm:font-normal sm:text-slate-700',
  'text-xs text-slate-500 sm:text-sm sm:text-slate-700',
  'border-l border-slate-200 text-xs text-slate-500 sm:border-l-0 sm:text-sm sm:text-slate-700',
];

/** The collapsed search bar, which expands into the full search panel (location, hotel, stay dates). */
export function SearchHeader({ initial, onSearch }: Props) {
  const [draft, setDraft] = useState<TextFilters>(initial);
  const [expanded, setExpanded] = useState(false);

  function submit() {
    setExpanded(false);
    onSearch(draft);
  }

  if (!expanded) {
    const summary = [
      draft.location || draft.hotelName || 'Location or Hotel',
      formatDay(draft.startDate) ?? 'Check in',
      formatDay(draft.endDate) ?? 'Check out',
    ];
    return (
      <div className="flex items-center gap-2 rounded-full bg-white p-2 shadow-sm ring-1 ring-slate-200">
        <button
          type="button"
          className="grid min-w-0 flex-1 grid-cols-2 text-left text-sm text-slate-700 sm:flex sm:items-center sm:divide-x sm:divide-slate-200"
          onClick={() => setExpanded(true)}
        >
          {/* The name is what the button shows, after what it does: speech users say what they see. */}
          <span className="sr-only">Edit search: </span>
          {summary.map((part, index) => (
            <span key={index} className={`truncate px-3 sm:flex-1 ${SUMMARY_PART[index]}`}>
              {part}
              {index < summary.length - 1 ? <span className="sr-only">,</span> : null}
            </span>
          ))}
        </button>
        <button
          type="button"
          className={`${primaryButton} shrink-0 rounded-full px-4`}
          aria-label="Search stays"
          onClick={submit}
        >
          <SearchIcon />
        </button>
      </div>
    );
  }

  return (
    <form
      role="search"
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[1fr_1fr_auto_auto_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="text-xs font-medium text-slate-600">
        Location
        <input
          className={field}
          value={draft.location}
          placeholder="City, country or area"
          onChange={(e) => setDraft({ ...draft, location: e.target.value })}
        />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Hotel Name
        <input
          className={field}
          value={draft.hotelName}
          placeholder="Any hotel"
          onChange={(e) => setDraft({ ...draft, hotelName: e.target.value })}
        />
      </label>
      <StayDateFields
        look="panel"
        idPrefix="search"
        labels={{ in: 'Check in', out: 'Check out' }}
        startDate={draft.startDate}
        endDate={draft.endDate}
        onChange={(dates) => setDraft({ ...draft, ...dates })}
      />
      <div className="flex items-end gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setDraft({ location: '', hotelName: '', startDate: '', endDate: '' })}
        >
          Clear
        </button>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </div>
    </form>
  );
}
