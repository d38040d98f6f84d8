import { useRef, type ReactNode } from 'react';
import { useModalFocus } from '../../../components/ui/use-modal-focus.ts';

/** A side panel dialog: overlay click and Escape close it, and Tab keeps focus inside while it is open. */
export function FiltersPanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);

  useModalFocus(panel, onClose);

  return (
    <div className="fixed inset-0 z-50">
      <div data-testid="filters-overlay" aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="filters-title"
        className="absolute inset-y-0 right-0 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl"
      >
        <div className="flex items-center justify-between">
          <h2 id="filters-title" className="text-lg font-semibold text-slate-900">
            Filters
          </h2>
          <button type="button" aria-label="Close filters" className="rounded-full p-2 hover:bg-slate-100" onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
