import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../contract/alerts.ts';
import { mockListings } from './api-mocks.ts';
import { signIn } from './auth-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

const lisbon: SavedSearch = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Lisbon in December',
  query: {
    location: 'Lisbon',
    startDate: '2026-12-10',
    maxPrice: '200',
    currency: 'EUR',
    bounds: '38.6,-9.3,38.8,-9.0',
  },
  frequency: 'instant',
  paused: false,
  matchCount: 3,
  matchCountCapped: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const anywhere: SavedSearch = {
  ...lisbon,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Anywhere cheap',
  query: { maxPrice: '80' },
  frequency: 'daily',
  paused: true,
  matchCount: 1,
};

/** The saved-searches API over an in-memory list, recording each change the page sends. */
function mockSavedSearches(initial: SavedSearch[]) {
  let searches = [...initial];
  const changes: { method: string; id: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/saved-searches', () =>
      HttpResponse.json({ success: true, data: { savedSearches: searches, digestHour: 8, timeZone: 'Europe/Lisbon' } }),
    ),
    http.put('/api/saved-searches/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<SavedSearch>;
      changes.push({ method: 'PUT', id: String(params.id), body });
      searches = searches.map((search) => (search.id === params.id ? { ...search, ...body } : search));
      return HttpResponse.json({ success: true, data: searches.find((search) => search.id === params.id) });
    }),
    http.delete('/api/saved-searches/:id', ({ params }) => {
      changes.push({ method: 'DELETE', id: String(params.id) });
      searches = searches.filter((search) => search.id !== params.id);
      return HttpResponse.json({ success: true, data: { id: params.id } });
    }),
  );
  return changes;
}

async function openAlerts(searches: SavedSearch[]) {
  await signIn();
  const changes = mockSavedSearches(searches);
  const rendered = renderRoute('/alerts');
  await screen.findByRole('heading', { level: 1, name: 'Alerts' }, { timeout: 10_000 });
  return { ...rendered, changes };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/alerts', { timeout: 20_000 }, () => {
  it('lists each saved search with what it looks for and how many stays match now', async () => {
    await openAlerts([lisbon, anywhere]);
    const first = await screen.findByRole('article', { name: 'Lisbon in December' });
    expect(first).toHaveTextContent('Lisbon · from Dec 10, 2026 · up to €200 a stay · map area');
    expect(first).toHaveTextContent('3 stays match now');
    expect(first).toHaveTextContent('Instant emails');
    expect(card('Anywhere cheap')).toHaveTextContent('1 stay matches now');
    expect(card('Anywhere cheap')).toHaveTextContent('Paused');
    expect(screen.getByText('Daily digests arrive at 08:00 (Europe/Lisbon).')).toBeInTheDocument();
  });

  it('opens a saved search as the marketplace URL it was saved from', async () => {
    const { user, router } = await openAlerts([lisbon]);
    mockListings([]);
    await user.click(await screen.findByRole('link', { name: 'Open Lisbon in December in the marketplace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    // The bounds' currency travels as the marketplace's priceCurrency: €200, whatever the visitor's currency.
    const { currency, ...filters } = lisbon.query;
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      ...filters,
      priceCurrency: currency,
    });
  });

  it('pauses and resumes', async () => {
    const { user, changes } = await openAlerts([lisbon, anywhere]);
    await user.click(await screen.findByRole('button', { name: 'Pause Lisbon in December' }));
    await user.click(screen.getByRole('button', { name: 'Resume Anywhere cheap' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes).toEqual([
      { method: 'PUT', id: lisbon.id, body: { paused: true } },
      { method: 'PUT', id: anywhere.id, body: { paused: false } },
    ]);
    expect(await screen.findByRole('button', { name: 'Resume Lisbon in December' })).toBeInTheDocument();
  });

  it('renames and changes the filters and how to hear, showing what the server refuses', async () => {
    const { user, changes } = await openAlerts([lisbon]);
    server.use(
      http.put('/api/saved-searches/:id', async ({ request }) => {
        const body = (await request.json()) as { query: Record<string, string> };
        if (body.query.maxPrice === 'lots') {
          return HttpResponse.json(
            {
              success: false,
              code: 'VALIDATION_ERROR',
              error: 'Invalid request: query.maxPrice',
              details: [{ field: 'query.maxPrice', message: 'must be a number of at least 0' }],
            },
            { status: 400 },
          );
        }
        changes.push({ method: 'PUT', id: lisbon.id, body });
        return HttpResponse.json({ success: true, data: { ...lisbon, ...body } });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Change Lisbon in December' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change “Lisbon in December”' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Porto');
    await user.clear(within(dialog).getByLabelText('Where'));
    await user.type(within(dialog).getByLabelText('Where'), 'Porto');
    await user.clear(within(dialog).getByLabelText('Highest price'));
    await user.type(within(dialog).getByLabelText('Highest price'), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByLabelText('Highest price')).toHaveAccessibleDescription(
      'must be a number of at least 0',
    );

    await user.clear(within(dialog).getByLabelText('Highest price'));
    await user.type(within(dialog).getByLabelText('Highest price'), '150');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Only the map area I searched' }));
    await user.click(within(dialog).getByRole('radio', { name: 'In a daily digest' }));
    await user.selectOptions(within(dialog).getByLabelText('Digest time'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([
      {
        method: 'PUT',
        id: lisbon.id,
        body: {
          name: 'Porto',
          query: { location: 'Porto', startDate: '2026-12-10', maxPrice: '150', currency: 'EUR' },
          frequency: 'daily',
          digestHour: 7,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      },
    ]);
  });

  it('deletes after asking, Keep being the safe default', async () => {
    const { user, changes } = await openAlerts([lisbon]);
    await user.click(await screen.findByRole('button', { name: 'Delete Lisbon in December' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(changes).toEqual([{ method: 'DELETE', id: lisbon.id }]));
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
  });
});
