import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CREATED_BANNER_MS } from '../../../lib/ui-constants.ts';

export const CREATED_BANNER_TEXT = "Here's your listing!";

/**
 * A seller arriving from the listing form (?created=1) is greeted for a few seconds; the flag then leaves the
 * address (replacing the history entry) so a reload or a shared link does not greet again.
 */
export function CreatedBanner() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [shown, setShown] = useState(() => searchParams.get('created') === '1');

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      setShown(false);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('created');
          return next;
        },
        { replace: true },
      );
    }, CREATED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown, setSearchParams]);

  if (!shown) return null;
  return (
    <p
      role="status"
      className="mb-6 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-900"
    >
      {CREATED_BANNER_TEXT}
    </p>
  );
}
