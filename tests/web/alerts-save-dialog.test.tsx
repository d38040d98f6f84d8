import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { searchReply } from './api-mocks.ts';
import { signIn } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

/** POST /api/saved-searches answers as the API does and records each body. */
function mockSave(reply?: Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/listings', () => searchReply([makeListing({ title: 'Lisbon loft' })])),
    http.post('/api/saved-searches', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return (
        reply ??
        HttpResponse.json(
          {
            success: true,
            data: {
              id: 's-1',
              name: body.name,
              query: body.query,
              frequency: body.frequency,
              paused: false,
              matchCount: 1,
              matchCountCapped: false,
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          },
          { status: 201 },
        )
      );
    }),
  );
  return bodies;
}

// Rendering the marketplace in the tests' DOM takes seconds on a busy machine; the default 5 s is too tight.
describe('Save this search', { timeout: 20_000 }, () => {
  it('asks a guest to sign in first', async () => {
    mockSave();
    const { user } = renderRoute('/marketplace?location=Lisbon');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Restay' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('saves the search on screen with a name and instant emails, then offers the Alerts page', async () => {
    await signIn();
    const bodies = mockSave();
    const { user } = renderRoute('/marketplace?location=Lisbon&startDate=2026-12-10&maxPrice=200');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Lisbon');
    expect(within(dialog).getByRole('radio', { name: /As soon as/ })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Lisbon in December');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Saved. We will email you when a stay matching “Lisbon in December”',
    );
    expect(bodies).toEqual([
      {
        name: 'Lisbon in December',
        query: { location: 'Lisbon', startDate: '2026-12-10', maxPrice: '200', currency: 'USD' },
        frequency: 'instant',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(within(dialog).getByRole('link', { name: 'Manage alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('chooses a daily digest at an hour, and needs a name', async () => {
    await signIn();
    const bodies = mockSave();
    const { user } = renderRoute('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Please name this search.');
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Anywhere');
    await user.click(within(dialog).getByRole('radio', { name: 'In a daily digest' }));
    await user.selectOptions(within(dialog).getByLabelText('Digest time'), '19');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      name: 'Anywhere',
      query: { currency: 'USD' },
      frequency: 'daily',
      digestHour: 19,
    });
  });

  it("keeps the visitor's chosen currency with the price bounds, which are in it", async () => {
    localStorage.setItem('restay.currency', 'EUR');
    await signIn();
    const bodies = mockSave();
    const { user } = renderRoute('/marketplace?location=Praha&maxPrice=400');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.query).toEqual({ location: 'Praha', maxPrice: '400', currency: 'EUR' });
  });

  it("shows the server's refusal (the limit of saved searches) and keeps the dialog open", async () => {
    await signIn();
    mockSave(
      HttpResponse.json(
        {
          success: false,
          code: 'CONFLICT',
          error: 'You can keep at most 20 saved searches. Delete one to save this search.',
        },
        { status: 409 },
      ),
    );
    const { user } = renderRoute('/marketplace?location=Lisbon');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('at most 20 saved searches');
  });
});
