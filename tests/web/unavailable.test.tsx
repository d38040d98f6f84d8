import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../../src/app/providers.tsx';
import { buildRoutes } from '../../src/app/routes.tsx';
import { apiGet } from '../../src/lib/api-client.ts';
import { API_ERROR_MESSAGES } from '../../src/lib/api-error.ts';
import { searchReply } from './api-mocks.ts';
import { signIn } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { mockSellingApi, STAY } from './selling-mocks.ts';

/**
 * While the API is starting up or cannot reach its database it answers 503 with its reason: the SPA says so
 * calmly (one banner over the page, "Starting up" where a form was sent), retries reads by itself, and never
 * passes the 503 off as a refusal.
 */
const startingUp = () =>
  HttpResponse.json(
    { success: false, error: 'Restay is starting up', code: 'SERVICE_UNAVAILABLE', details: [{ step: 'demo_hotels' }] },
    { status: 503, headers: { 'Retry-After': '2' } },
  );
const databaseOut = () =>
  HttpResponse.json(
    {
      success: false,
      error: 'Restay is having trouble reaching its database',
      code: 'SERVICE_UNAVAILABLE',
      details: { reason: 'database_unreachable' },
    },
    { status: 503, headers: { 'Retry-After': '2' } },
  );

/** The real route table under the app's own query client, which retries as the product does. */
function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup({ delay: null });
}

describe('the API answering 503 while it starts or its database is out of reach', () => {
  it('reads each 503 as the calm sentence for its reason', async () => {
    server.use(http.get('/api/starting', startingUp), http.get('/api/outage', databaseOut));
    await expect(apiGet('/api/starting')).rejects.toMatchObject({
      status: 503,
      message: API_ERROR_MESSAGES.startingUp,
    });
    await expect(apiGet('/api/outage')).rejects.toMatchObject({
      status: 503,
      message: 'Restay is having trouble reaching its database. Retrying…',
    });
  });

  it('shows one banner while the marketplace read fails, retries it by itself, and drops the banner once it loads', async () => {
    let calls = 0;
    server.use(
      http.get('/api/listings', () => {
        calls += 1;
        return calls === 1 ? databaseOut() : searchReply([makeListing({ title: 'Back online suite' })]);
      }),
    );
    // The retry comes at the product's own pace (every 2 s), jumped to instead of waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderApp('/marketplace');
    const banner = await screen.findByText(API_ERROR_MESSAGES.databaseOutage, {}, { timeout: 5000 });
    expect(banner).toHaveAttribute('role', 'status');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('link', { name: 'Back online suite' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(API_ERROR_MESSAGES.databaseOutage)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('tells a seller "Starting up", not a refusal, when the API is still starting', async () => {
    await signIn();
    mockSellingApi();
    server.use(http.post('/api/reservations/verify-combined', startingUp));
    const user = renderApp('/list-my-reservation');
    await screen.findByRole('heading', { name: 'Find your reservation' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Reservation ID / Confirmation Number'), STAY.confirmationNumber);
    await user.type(screen.getByLabelText('Email Address on Reservation'), STAY.email);
    await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Restay is starting up. Retrying in a moment…');
  });
});
