import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';

export type ResultsView = 'list' | 'map';

/** Below the large breakpoint the list and the map take turns; this switches between them. */
export function ResultsViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  const option = (value: ResultsView, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      className={view === value ? primaryButton : secondaryButton}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="mt-4 flex gap-2 lg:hidden" role="group" aria-label="Results view">
      {option('list', 'List')}
      {option('map', 'Map')}
    </div>
  );
}
