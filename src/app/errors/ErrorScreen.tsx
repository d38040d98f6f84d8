import { useEffect } from 'react';
import { primaryButton } from '../../components/ui/button-styles.ts';

/**
 * The last line of defence for an unexpected error on any page: shown by the router's errorElement and by the top-level
 * error boundary, so it renders without the router, the layout or any data.
 */
export function ErrorScreen() {
  useEffect(() => {
    document.title = 'Something went wrong · Restay';
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-slate-200"
      >
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-2xl text-red-600"
        >
          !
        </div>
        <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">
          An unexpected error stopped this page from loading. Please refresh the page to try again.
        </p>
        <button type="button" onClick={() => window.location.reload()} className={`${primaryButton} mt-6`}>
          Refresh Page
        </button>
      </div>
    </main>
  );
}
