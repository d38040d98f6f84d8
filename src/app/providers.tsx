import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { calmUnavailability } from '../lib/api-error.ts';

/**
 * How often a read is tried again while the API says it is starting up or cannot reach its database (503): every
 * couple of seconds for about two minutes, under the banner that says so, before the page shows it failed.
 */
const UNAVAILABLE_RETRIES = 60;
const UNAVAILABLE_RETRY_MS = 2_000;

/**
 * A client error (4xx) will not change on a second try, so it is not retried; the API starting up or out of
 * reach of its database will, so those are retried by themselves; anything else once.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (calmUnavailability(error)) return failureCount < UNAVAILABLE_RETRIES;
  const status = error instanceof ApiError ? error.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** TanStack Query's own back-off (1 s doubling, at most 30 s), but a steady pace while the API is unavailable. */
function retryDelay(failureCount: number, error: unknown): number {
  if (calmUnavailability(error)) return UNAVAILABLE_RETRY_MS;
  return Math.min(1_000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
