import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { searchReply } from './api-mocks.ts';
import { reloadPage, signIn, TEST_USER } from './auth-mocks.ts';
import { mockListing } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { configReply, server } from './msw.ts';
import { renderRoute } from './render.tsx';

const SEARCH = '/marketplace?location=Lisbon';

function mockSearch() {
  server.use(http.get('/api/listings', () => searchReply([makeListing({ title: 'Lisbon loft' })])));
}

/** A guest's press that asks them to sign in; the sign-in itself (Google and back) is a new page load. */
async function pressAsGuest(path: string, control: string) {
  const view = renderRoute(path);
  await view.user.click(await screen.findByRole('button', { name: control }, { timeout: 5_000 }));
  expect(await screen.findByRole('dialog', { name: 'Welcome to Restay' }, { timeout: 5_000 })).toBeInTheDocument();
  return view;
}

// Rendering a page in the tests' DOM takes seconds on a busy machine.
describe('what a guest was doing survives signing in', { timeout: 30_000 }, () => {
  it('a guest who pressed "Save this search" comes back signed in to the dialog open on the same search', async () => {
    mockSearch();
    const guest = await pressAsGuest(SEARCH, 'Save this search');
    guest.unmount();

    await signIn();
    renderRoute(SEARCH);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' }, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Lisbon');
  });

  it('a guest who closed the sign-in dialog instead does not find the dialog open later', async () => {
    mockSearch();
    const guest = await pressAsGuest(SEARCH, 'Save this search');
    await guest.user.keyboard('{Escape}');
    guest.unmount();

    await signIn();
    renderRoute(SEARCH);
    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5_000 });
    expect(screen.queryByRole('dialog', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it('a guest who pressed Book Now comes back signed in to the Pay Now panel open', async () => {
    const listing = makeListing({ title: 'Harbour view suite', price: 1234 });
    mockListing(listing);
    const guest = await pressAsGuest(`/listings/${listing.id}`, 'Book Now');
    guest.unmount();

    await signIn(TEST_USER, { first_name: 'Ana', last_name: 'Silva' });
    renderRoute(`/listings/${listing.id}`);
    expect(await screen.findByRole('region', { name: 'Review and pay' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('a signed-in visitor who presses "Save this search" before the page knows the session gets the dialog', async () => {
    mockSearch();
    await signIn();
    // A new page load whose sign-in configuration is slow to arrive: the session stays unknown until it does.
    reloadPage();
    let release = () => {};
    const configArrives = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/config', async () => {
        await configArrives;
        return configReply();
      }),
    );
    const { user } = renderRoute(SEARCH);
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 5_000 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('dialog', { name: 'Save this search' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Restay' })).not.toBeInTheDocument());
  });
});
