import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from './errors/AppErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';

/** What wraps the router, in the browser and in the server's render of a page alike (they must match). */
export function AppRoot({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders client={client}>{children}</AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );
}
