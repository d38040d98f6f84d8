import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserValuesProvider } from '../lib/use-browser-value.tsx';
import { AppErrorBoundary } from './errors/AppErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';

/**
 * What wraps the router, in the browser and in the server's render of a page alike (they must match).
 * `drawnByServer`: the server is rendering, or the browser is taking over what the server drew.
 */
export function AppRoot({
  client,
  drawnByServer,
  children,
}: {
  client: QueryClient;
  drawnByServer: boolean;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <BrowserValuesProvider drawnByServer={drawnByServer}>
          <AppProviders client={client}>{children}</AppProviders>
        </BrowserValuesProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
