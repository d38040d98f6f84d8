import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
});
