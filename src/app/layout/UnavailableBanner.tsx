import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { calmUnavailability } from '../../lib/api-error.ts';

/** The calm sentence of the first read whose last try met the API unavailable (503), or null when none did. */
function unavailabilityOf(client: QueryClient): string | null {
  for (const query of client.getQueryCache().getAll()) {
    const message = calmUnavailability(query.state.fetchFailureReason);
    if (message) return message;
  }
  return null;
}

/**
 * One banner, not an error on every page, while reads fail because the API is starting up or cannot reach its
 * database: the reads are retried by themselves (providers.tsx), and the banner goes once one succeeds.
 */
export function UnavailableBanner() {
  const client = useQueryClient();
  const subscribe = useCallback((changed: () => void) => client.getQueryCache().subscribe(changed), [client]);
  const message = useSyncExternalStore(
    subscribe,
    () => unavailabilityOf(client),
    () => null,
  );
  if (!message) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-16 z-40 bg-sky-100 px-4 py-2 text-center text-sm font-medium text-sky-950 shadow"
    >
      {message}
    </p>
  );
}
