import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Listing } from '../../contract/listing.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { configReply, server, TEST_RATES } from './msw.ts';
import { renderRoute } from './render.tsx';
import { mockMyListings } from './selling-mocks.ts';

const LONG_DESCRIPTION = 'A bright corner room facing the harbour with a balcony, breakfast included every morning.';

function sellerListings(): Listing[] {
  return [
    makeListing({
      id: 'l-active',
      title: 'Harbour view suite',
      description: LONG_DESCRIPTION,
      price: 420,
      currency: 'EUR',
      user_id: TEST_USER.id,
    }),
    makeListing({
      id: 'l-paused',
      title: 'Garden studio',
      description: 'Quiet.',
      price: 180,
      status: 'inactive',
      user_id: TEST_USER.id,
    }),
    makeListing({ id: 'l-sold', title: 'Loft in Soho', status: 'sold', user_id: TEST_USER.id, buyer_id: 'buyer-1' }),
    makeListing({ id: 'l-reserved', title: 'Canal house room', status: 'reserved', user_id: TEST_USER.id }),
    makeListing({ id: 'l-expired', title: 'Old town double', status: 'expired', user_id: TEST_USER.id }),
    makeListing({
      id: 'l-withdrawn',
      title: 'Beach bungalow',
      status: 'withdrawn',
      description: null,
      user_id: TEST_USER.id,
    }),
  ];
}

async function openMyListings(listings: Parameters<typeof mockMyListings>[0] = sellerListings()) {
  await signIn();
  const api = mockMyListings(listings);
  const rendered = renderRoute('/my-listings');
  await screen.findByRole('heading', { level: 1, name: 'My Listings' }, { timeout: 5000 });
  return { ...rendered, api };
}

const dollars = (euros: number) => Math.round((euros / TEST_RATES.unitsPerEuro.EUR!) * TEST_RATES.unitsPerEuro.USD!);

const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('/my-listings', () => {
  it("lists the seller's listings: title link, description cut at 50 characters, dates, price and status", async () => {
    await openMyListings();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Description', 'Dates', 'Price', 'Status', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    const suite = row('Harbour view suite');
    expect(within(suite).getByRole('link', { name: 'Harbour view suite' })).toHaveAttribute(
      'href',
      '/listings/l-active',
    );
    expect(within(suite).getByText(`${LONG_DESCRIPTION.slice(0, 50)}...`)).toBeInTheDocument();
    expect(within(suite).getByText('Mar 3, 2026 – Mar 7, 2026')).toBeInTheDocument();
    expect(within(suite).getByText('€420')).toBeInTheDocument();
    // Beside it, in the visitor's currency (US dollars for this browser), as the marketplace's cards show it.
    expect(await within(suite).findByText(`about $${dollars(420)}`)).toBeInTheDocument();
    expect(within(suite).getByText('Active')).toBeInTheDocument();
    expect(within(row('Garden studio')).getByText('Quiet.')).toBeInTheDocument();
    expect(within(row('Garden studio')).getByText('Paused')).toBeInTheDocument();
    expect(within(row('Loft in Soho')).getByText('Sold')).toBeInTheDocument();
    expect(within(row('Canal house room')).getByText('Reserved')).toBeInTheDocument();
    expect(within(row('Old town double')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Beach bungalow')).getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Listing' })).toHaveAttribute('href', '/list-my-reservation');
    expect(document.title).toBe('My Listings · Restay');
  });

  it('offers open, edit, pause or resume and withdraw only while a listing is active or paused', async () => {
    await openMyListings();
    await screen.findByRole('table');
    const suite = within(row('Harbour view suite'));
    expect(suite.getByRole('link', { name: 'Open Harbour view suite' })).toHaveAttribute('href', '/listings/l-active');
    expect(suite.getByRole('button', { name: 'Edit Harbour view suite' })).toBeInTheDocument();
    expect(suite.getByRole('button', { name: 'Pause Harbour view suite' })).toBeInTheDocument();
    expect(suite.getByRole('button', { name: 'Withdraw Harbour view suite' })).toBeInTheDocument();
    expect(within(row('Garden studio')).getByRole('button', { name: 'Resume Garden studio' })).toBeInTheDocument();
    for (const title of ['Loft in Soho', 'Canal house room', 'Old town double', 'Beach bungalow']) {
      const cells = within(row(title));
      expect(cells.getByRole('link', { name: `Open ${title}` })).toBeInTheDocument();
      expect(cells.queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('says so when the seller has no listings yet', async () => {
    await openMyListings([]);
    expect(await screen.findByText("You haven't listed any stays yet")).toBeInTheDocument();
  });

  it('shows the load failure with Try Again, which loads again', async () => {
    await signIn();
    let fail = true;
    server.use(
      http.get('/api/listings/user/:userId', ({ params }) => {
        expect(params.userId).toBe(TEST_USER.id);
        if (fail)
          return HttpResponse.json({ success: false, error: 'Database down', code: 'INTERNAL_ERROR' }, { status: 500 });
        return HttpResponse.json({
          success: true,
          data: sellerListings().map((listing) => ({ ...listing, sale: null })),
        });
      }),
    );
    const { user } = renderRoute('/my-listings');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load your listings. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Harbour view suite' })).toBeInTheDocument();
  });

  it('becomes cards on a phone', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 639px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    await openMyListings();
    const cards = within(await screen.findByRole('list', { name: 'Your listings' })).getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const suite = within(cards[0] as HTMLElement);
    expect(suite.getByRole('heading', { name: 'Harbour view suite' })).toBeInTheDocument();
    expect(suite.getByText('Active')).toBeInTheDocument();
    expect(suite.getByText('€420')).toBeInTheDocument();
    expect(await suite.findByText(`about $${dollars(420)}`)).toBeInTheDocument();
    expect(suite.getByRole('button', { name: 'Edit Harbour view suite' })).toBeInTheDocument();
  });
});

describe('/my-listings payouts in another currency', () => {
  it('says what a live stay priced in koruna would pay out in euros, as a dated estimate', async () => {
    server.use(http.get('/api/config', () => configReply({ platformFeePercent: 0, payoutCurrency: 'EUR' })));
    await openMyListings([
      makeListing({ id: 'l-czk', title: 'Prague loft', price: 5200, currency: 'CZK', status: 'active' }),
    ]);
    const euros = Math.round(5200 / TEST_RATES.unitsPerEuro.CZK!);
    expect(
      await screen.findByText(
        `Paid out in euros at the payment provider's rate on the day: about €${euros} today (European Central Bank rate of Nov 25, 2026).`,
      ),
    ).toBeInTheDocument();
  });
});

describe('/my-listings and the hotel’s pause', () => {
  it('says the hotel paused a listing and why, and offers no Resume: the hotel’s word ends that pause', async () => {
    const reason = 'Hotel Miradouro has paused resale of its bookings for now.';
    await openMyListings([
      { ...makeListing({ id: 'l-held', title: 'Quiet courtyard room', status: 'inactive' }), hotelPauseReason: reason },
      makeListing({ id: 'l-mine', title: 'Paused by me', status: 'inactive' }),
    ]);
    expect(
      (
        await screen.findAllByText(
          `Paused by the hotel: ${reason} It goes back on sale by itself when the hotel allows it again.`,
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Resume Quiet courtyard room' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Resume Paused by me' }).length).toBeGreaterThan(0);
  });
});

describe('/my-listings actions', () => {
  it('edits title, price and description in a dialog with the same validation, then shows the saved values', async () => {
    const { user, api } = await openMyListings();
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour view suite' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Harbour view suite');
    expect(title).toHaveFocus();
    expect(within(dialog).getByLabelText('Price (EUR)')).toHaveValue(420);
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue(LONG_DESCRIPTION);

    await user.clear(title);
    await user.clear(within(dialog).getByLabelText('Price (EUR)'));
    await user.type(within(dialog).getByLabelText('Price (EUR)'), '10.123');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Please enter a title.');
    expect(alert).toHaveTextContent('Use at most 2 decimals.');
    expect(api.writes).toEqual([]);

    await user.type(title, 'Harbour suite, sea view');
    await user.clear(within(dialog).getByLabelText('Price (EUR)'));
    await user.type(within(dialog).getByLabelText('Price (EUR)'), '395');
    await user.clear(within(dialog).getByLabelText(/Description/));
    await user.type(within(dialog).getByLabelText(/Description/), 'Balcony.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        id: 'l-active',
        body: { title: 'Harbour suite, sea view', listingPrice: 395, description: 'Balcony.' },
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Your changes are saved.');
    const edited = within(
      await screen
        .findByRole('link', { name: 'Harbour suite, sea view' })
        .then((link) => link.closest('tr') as HTMLElement),
    );
    expect(edited.getByText('€395')).toBeInTheDocument();
    expect(edited.getByText('Balcony.')).toBeInTheDocument();
  });

  it('says the price ceiling in the edit dialog as the seller types, in the server’s words, and sends nothing above it', async () => {
    const over = 'The asking price can be at most €450, the price paid at the hotel.';
    const { user, api } = await openMyListings([
      {
        ...makeListing({ id: 'l-capped', title: 'Capped suite', price: 420, currency: 'EUR', status: 'active' }),
        priceCeiling: { maxPrice: 450, overCapMessage: over },
      },
    ]);
    await user.click((await screen.findAllByRole('button', { name: 'Edit Capped suite' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const price = within(dialog).getByLabelText('Price (EUR)');
    expect(within(dialog).getByText('The most you can ask is €450')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '450.5');
    expect(within(dialog).getByText(over)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(api.writes).toEqual([]);
    await user.clear(price);
    await user.type(price, '450');
    expect(within(dialog).queryByText(over)).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when an edit is refused", async () => {
    const { user, api } = await openMyListings();
    api.failNextWrite({ status: 400, code: 'VALIDATION_ERROR', error: 'The price can be at most 450.00 EUR.' });
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour view suite' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    await user.clear(within(dialog).getByLabelText('Price (EUR)'));
    await user.type(within(dialog).getByLabelText('Price (EUR)'), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The price can be at most 450.00 EUR.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('Harbour view suite')).getByText('€420')).toBeInTheDocument();
  });

  it('pauses an active listing and resumes it', async () => {
    const { user, api } = await openMyListings();
    await user.click(await screen.findByRole('button', { name: 'Pause Harbour view suite' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '“Harbour view suite” is paused: buyers no longer see it.',
    );
    expect(await within(row('Harbour view suite')).findByText('Paused')).toBeInTheDocument();

    await user.click(within(row('Harbour view suite')).getByRole('button', { name: 'Resume Harbour view suite' }));
    expect(await screen.findByText('“Harbour view suite” is active again.')).toBeInTheDocument();
    expect(await within(row('Harbour view suite')).findByText('Active')).toBeInTheDocument();
    expect(api.writes).toEqual([
      { method: 'PUT', id: 'l-active', body: { status: 'inactive' } },
      { method: 'PUT', id: 'l-active', body: { status: 'active' } },
    ]);
  });

  it("shows the server's reason when a pause is refused", async () => {
    const { user, api } = await openMyListings();
    api.failNextWrite({ status: 409, code: 'CONFLICT', error: 'A buyer is checking out this listing right now.' });
    await user.click(await screen.findByRole('button', { name: 'Pause Harbour view suite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('bg-red-50');
    expect(alert).toHaveTextContent('A buyer is checking out this listing right now.');
    expect(within(row('Harbour view suite')).getByText('Active')).toBeInTheDocument();
  });

  it('asks before withdrawing; Keep Listing changes nothing, Withdraw Listing withdraws it', async () => {
    const { user, api } = await openMyListings();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Harbour view suite' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Withdraw this listing?' });
    expect(dialog).toHaveTextContent(
      '“Harbour view suite” will no longer be offered to buyers. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Listing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw Harbour view suite' }));
    dialog = screen.getByRole('alertdialog', { name: 'Withdraw this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Listing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.writes).toEqual([{ method: 'DELETE', id: 'l-active' }]);
    expect(screen.getByRole('status')).toHaveTextContent('“Harbour view suite” has been withdrawn.');
    const withdrawn = within(row('Harbour view suite'));
    expect(await withdrawn.findByText('Withdrawn')).toBeInTheDocument();
    expect(withdrawn.queryByRole('button')).not.toBeInTheDocument();
  });

  it("keeps the confirmation open with the server's reason when withdrawing is refused", async () => {
    const { user, api } = await openMyListings();
    api.failNextWrite({ status: 409, code: 'CONFLICT', error: 'A reserved listing cannot be withdrawn.' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw Harbour view suite' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Listing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reserved listing cannot be withdrawn.');
  });
});
