import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

describe('/listings/:id', () => {
  it('shows the stay: image, title, location, hotel, description, dates and price', async () => {
    const listing = makeListing({ title: 'Harbour view suite', price: 2450, hotel_name: 'Hotel Miradouro' });
    server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
    renderRoute(`/listings/${listing.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour view suite' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbour view suite' })).toHaveAttribute('src', listing.image_url);
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Hotel Miradouro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About this stay' })).toBeInTheDocument();
    expect(screen.getByText('A bright room facing the harbour, breakfast included.')).toBeInTheDocument();
    expect(screen.getByText('Mar 3, 2026')).toBeInTheDocument();
    expect(screen.getByText('Mar 7, 2026')).toBeInTheDocument();
    expect(screen.getAllByText('$2,450').length).toBeGreaterThan(0);
    expect(screen.getByText('4 nights')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(document.title).toBe('Harbour view suite · Restay');
  });

  it("shows the hotel's word when it approves the resale, and nothing when it does not", async () => {
    const rules = [
      'The hotel allows no resale within 7 days of check-in.',
      'The hotel puts the reservation in your name: the same room, dates and rate the seller booked.',
    ];
    const approved = { ...makeListing({ title: 'Lake room' }), hotel_approval: { hotelName: 'Hotel Seeblick', rules } };
    const plain = { ...makeListing({ title: 'Plain room' }), hotel_approval: null };
    server.use(
      http.get(`/api/listings/${approved.id}`, () => HttpResponse.json({ success: true, data: approved })),
      http.get(`/api/listings/${plain.id}`, () => HttpResponse.json({ success: true, data: plain })),
    );
    const { unmount } = renderRoute(`/listings/${approved.id}`);
    const note = await screen.findByRole('region', { name: 'Resale approved by Hotel Seeblick' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(rules);
    unmount();

    renderRoute(`/listings/${plain.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plain room' })).toBeInTheDocument();
    expect(screen.queryByText(/Resale approved by/)).not.toBeInTheDocument();
  });

  it.each(['withdrawn', 'expired'] as const)(
    'drops the hotel’s word from a %s stay, which is no longer available',
    async (status) => {
      const rules = ['The hotel allows no resale within 7 days of check-in.'];
      const gone = {
        ...makeListing({ title: 'Lake room', status }),
        hotel_approval: { hotelName: 'Hotel Seeblick', rules },
      };
      server.use(http.get(`/api/listings/${gone.id}`, () => HttpResponse.json({ success: true, data: gone })));
      renderRoute(`/listings/${gone.id}`);
      expect(await screen.findByText('NO LONGER AVAILABLE')).toBeInTheDocument();
      expect(screen.queryByText(/Resale approved by/)).not.toBeInTheDocument();
    },
  );

  it('tells the seller on their own stay what happens to their reservation when it sells', async () => {
    await signIn();
    const own = makeListing({ title: 'My lake room', user_id: TEST_USER.id });
    server.use(http.get(`/api/listings/${own.id}`, () => HttpResponse.json({ success: true, data: own })));
    renderRoute(`/listings/${own.id}`);
    const handover = await screen.findByRole('region', { name: 'What changes hands' });
    expect(handover).toHaveTextContent(
      "When someone buys this stay, the hotel puts your reservation in the buyer's name; we email you, and your payout follows.",
    );
    expect(handover).not.toHaveTextContent('check-in is under their name');
  });

  it('says the listing was not found on a 404', async () => {
    server.use(
      http.get('/api/listings/:id', () =>
        HttpResponse.json({ success: false, error: 'Listing not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderRoute('/listings/gone');

    expect(await screen.findByRole('heading', { level: 1, name: 'Listing Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('Listing Not Found - This listing may have been removed or is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('shows the failure message for any other error', async () => {
    server.use(
      http.get('/api/listings/:id', () =>
        HttpResponse.json({ success: false, error: 'Service unavailable', code: 'INTERNAL_ERROR' }, { status: 500 }),
      ),
    );
    renderRoute('/listings/some-id');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load listing: Service unavailable');
  });

  it('opens the sign-in dialog when a guest presses Book Now', async () => {
    const listing = makeListing();
    server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
    renderRoute(`/listings/${listing.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(screen.getByText('Please sign in to complete your booking.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Restay' });
    expect(within(dialog).getByRole('button', { name: /Google/ })).toBeInTheDocument();
  });

  it('shows the signed-in owner that they own the listing, and the buyer PURCHASED', async () => {
    await signIn();
    const owned = makeListing({ user_id: TEST_USER.id });
    const bought = makeListing({ id: 'bought-1', status: 'sold', buyer_id: TEST_USER.id });
    server.use(
      http.get(`/api/listings/${owned.id}`, () => HttpResponse.json({ success: true, data: owned })),
      http.get('/api/listings/bought-1', () => HttpResponse.json({ success: true, data: bought })),
    );
    const { unmount } = renderRoute(`/listings/${owned.id}`);
    expect(await screen.findByText('You Own This Listing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    unmount();

    renderRoute('/listings/bought-1');
    expect(await screen.findByText('PURCHASED')).toBeInTheDocument();
  });
});
