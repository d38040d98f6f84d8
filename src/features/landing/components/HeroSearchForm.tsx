import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { StayDateFields } from '../../../components/dates/StayDateFields.tsx';
import { localIsoDate } from '../../../lib/calendar-day.ts';
import { dateProblem, searchPath, type HeroSearch } from '../hero-search.ts';

const EMPTY: HeroSearch = { location: '', hotelName: '', startDate: '', endDate: '' };
const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const labelClass = 'block text-sm font-medium text-slate-700';

/** The landing page's search; its date fields are the marketplace's picker, loaded after first paint. */
export function HeroSearchForm() {
  const navigate = useNavigate();
  const [search, setSearch] = useState<HeroSearch>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const today = localIsoDate();
  const problem = dateProblem(search, today);
  // A contradiction between two chosen dates is shown at once; other problems once the visitor submits.
  const showProblem = problem !== null && (submitted || (search.startDate !== '' && search.endDate !== ''));

  const set = (field: keyof HeroSearch) => (value: string) => setSearch((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    void navigate(searchPath(search));
  }

  return (
    <form
      role="search"
      aria-label="Search hotel stays"
      onSubmit={onSubmit}
      noValidate
      className="mt-10 grid gap-4 rounded-2xl bg-white/95 p-4 shadow-2xl backdrop-blur sm:grid-cols-2 sm:p-6 lg:grid-cols-4"
    >
      <div>
        <label htmlFor="hero-location" className={labelClass}>
          Location
        </label>
        <input
          id="hero-location"
          type="text"
          autoComplete="off"
          placeholder="City or country"
          value={search.location}
          onChange={(e) => set('location')(e.target.value)}
          className={fieldClass}
          maxLength={100}
        />
      </div>
      <div>
        <label htmlFor="hero-hotel" className={labelClass}>
          Hotel Name
        </label>
        <input
          id="hero-hotel"
          type="text"
          autoComplete="off"
          placeholder="Any hotel"
          value={search.hotelName}
          onChange={(e) => set('hotelName')(e.target.value)}
          className={fieldClass}
          maxLength={100}
        />
      </div>
      <StayDateFields
        look="hero"
        idPrefix="hero"
        labels={{ in: 'Check-in', out: 'Check-out' }}
        startDate={search.startDate}
        endDate={search.endDate}
        onChange={(dates) => setSearch((current) => ({ ...current, ...dates }))}
        problem={
          showProblem
            ? { in: problem !== 'Check-out cannot be in the past.', out: true, messageId: 'hero-date-problem' }
            : null
        }
      />
      {showProblem ? (
        <p
          id="hero-date-problem"
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 lg:col-span-4"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row lg:col-span-4">
        <button
          type="submit"
          className="inline-flex flex-1 items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Search Hotels
        </button>
        <button
          type="button"
          onClick={() => void navigate('/marketplace')}
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Browse All
        </button>
      </div>
    </form>
  );
}
