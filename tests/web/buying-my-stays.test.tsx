import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { makePurchasedStay, mockPurchasedStays } from './buying-mocks.ts';
import { renderRoute } from './render.tsx';

const stays = () => [
  makePurchasedStay(
    {
      id: 'listing-1',
      title: 'Harbour view suite',
      hotel_name: 'Hotel Miradouro',
      city: 'Lisbon',
      price: 1234.5,
      currency: 'EUR',
    },
    { state: 'paid', amount: 1234.5, currency: 'EUR' },
  ),
  makePurchasedStay(
    {
      id: 'listing-2',
      title: 'Garden room',
      hotel_name: null,
      city: 'Porto',
      start_utc: '2026-05-01T00:00:00.000Z',
      end_utc: '2026-05-02T00:00:00.000Z',
      reservations: null,
    },
    { state: 'refunded', amount: 300, currency: 'USD' },
  ),
];

describe('/my-stays', () => {
  it('lists the stays bought: hotel, city, dates, nights, price paid and order state, each linking to its page', async () => {
    await signIn();
    const calls = mockPurchasedStays({ body: { success: true, data: stays() } });
    renderRoute('/my-stays');

    const table = await screen.findByRole('table', { name: 'Your purchased stays' });
    expect(calls).toEqual([TEST_USER.id]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Hotel', 'City', 'Dates', 'Nights', 'Price paid', 'Status']);
    const rowOf = (hotel: string) => within(table).getByRole('link', { name: hotel }).closest('tr') as HTMLElement;
    const first = rowOf('Hotel Miradouro');
    const second = rowOf('Garden room');
    expect(within(first!).getByRole('link', { name: 'Hotel Miradouro' })).toHaveAttribute(
      'href',
      '/listings/listing-1',
    );
    expect(first).toHaveTextContent('Lisbon');
    expect(first).toHaveTextContent('Mar 3, 2026 – Mar 7, 2026');
    expect(first).toHaveTextContent('4 nights');
    expect(first).toHaveTextContent('€1,234.50');
    expect(within(first!).getByText('Paid')).toBeInTheDocument();
    // Without a hotel name the stay's title names it.
    expect(within(second!).getByRole('link', { name: 'Garden room' })).toHaveAttribute('href', '/listings/listing-2');
    expect(second).toHaveTextContent('May 1, 2026 – May 2, 2026');
    expect(second).toHaveTextContent('1 night');
    expect(second).toHaveTextContent('$300');
    expect(within(second!).getByText('Refunded')).toBeInTheDocument();
  });

  it('shows the same stays as cards for a phone', async () => {
    await signIn();
    mockPurchasedStays({ body: stays() }); // a bare array is read the same way
    renderRoute('/my-stays');

    // One card per stay: the list's own items (each card holds its timeline, a list of its own).
    const cards = Array.from(
      (await screen.findByRole('list', { name: 'Your purchased stays' })).children,
    ) as HTMLElement[];
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Hotel Miradouro' })).toHaveAttribute(
      'href',
      '/listings/listing-1',
    );
    expect(within(cards[0]!).getByText('Price paid').nextSibling).toHaveTextContent('€1,234.50');
    expect(within(cards[0]!).getByText('Nights').nextSibling).toHaveTextContent('4 nights');
    expect(cards[1]).toHaveTextContent('Refunded');
  });

  it('says when there is nothing yet and points to the marketplace', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [] } });
    renderRoute('/my-stays');
    expect(await screen.findByText("You haven't bought any stays yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says loading failed, and Try Again loads again', async () => {
    await signIn();
    const calls = mockPurchasedStays(
      { status: 500, body: { success: false, error: 'Down', code: 'INTERNAL_ERROR' } },
      { body: { success: true, data: stays() } },
    );
    const { user } = renderRoute('/my-stays');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your purchased stays.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Your purchased stays' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('is where /my-reservations leads', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [] } });
    const { router } = renderRoute('/my-reservations');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Stays' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-stays');
  });
});
