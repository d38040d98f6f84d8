import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers.tsx';
import { buildRoutes } from '../../src/app/routes.tsx';

/** Renders the real route table at `path`, with the app's providers and a fresh, non-retrying QueryClient. */
export function renderRoute(path: string, options: { extraPages?: RouteObject[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(buildRoutes(options.extraPages), { initialEntries: [path] });
  // No pause between keystrokes and pointer steps (user-event's default waits a macrotask after each): typing a
  // confirmation number, an email and a code in every selling test took seconds of the suite. A test that depends
  // on something arriving first waits for it, as a person would see it first.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user, queryClient };
}

/** Simulates the window scrolling to `y` pixels, as the browser would report it. */
export function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
  fireEvent.scroll(window);
}

/**
 * A wrapper for rendering one component as the app has it: under a query client (a stay's page reads the public
 * configuration and the rates) and a router.
 */
export function WithQueriesAndRouter({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}
