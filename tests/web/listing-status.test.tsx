import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListingDetail } from '../../src/features/listing/components/ListingDetail.tsx';
import { statusBadgeOf, viewingOf } from '../../src/lib/listing-viewing.ts';
import { SIGN_IN_TO_BOOK } from '../../src/features/listing/use-book-now.ts';
import { makeListing } from './factories.ts';
import { WithQueriesAndRouter } from './render.tsx';

const renderDetail = (listing = makeListing(), viewerId: string | null = null) =>
  render(<ListingDetail listing={listing} viewerId={viewerId} />, { wrapper: WithQueriesAndRouter });

describe('listing detail', () => {
  it('shows nights, times and the price box arithmetic', () => {
    renderDetail(makeListing({ price: 1234, paid_price: 1480.5 }));
    expect(screen.getByText('4 nights')).toBeInTheDocument();
    expect(screen.getByText('After 3:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Before 11:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Paid at the hotel').nextSibling).toHaveTextContent('$1,480.50');
    expect(screen.getByText('Paid at the hotel').nextSibling).toHaveClass('line-through');
    expect(screen.getByText("Seller's discount").nextSibling).toHaveTextContent('-$246.50');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$1,234');
    expect(screen.queryByText(/Restay discount|Original price/)).not.toBeInTheDocument();
    expect(screen.getByText('Prices include all fees')).toBeInTheDocument();
    expect(screen.getByText("You won't be charged yet")).toBeInTheDocument();
  });

  it.each([
    ['unknown', null],
    ['equal to the asking price', 1234],
    ['below the asking price (a markup the rules allow)', 1200],
  ])('shows no former price when what was paid is %s', (_case, paid) => {
    renderDetail(makeListing({ price: 1234, paid_price: paid }));
    expect(screen.queryByText('Paid at the hotel')).not.toBeInTheDocument();
    expect(screen.queryByText("Seller's discount")).not.toBeInTheDocument();
    expect(screen.getByText('$1,234')).toBeInTheDocument();
  });

  it('asks a guest to sign in on Book Now', async () => {
    renderDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_TO_BOOK);
  });

  it('tells the owner they own it, without Book Now', () => {
    renderDetail(makeListing({ user_id: 'seller-1' }), 'seller-1');
    expect(screen.getByText('You Own This Listing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows a sold listing with its final price and SOLD, or PURCHASED to its buyer', () => {
    const sold = makeListing({ status: 'sold', buyer_id: 'buyer-1', price: 500 });
    const { unmount } = renderDetail(sold, null);
    expect(screen.getByText('SOLD')).toBeInTheDocument();
    expect(screen.getByText('Final price')).toBeInTheDocument();
    expect(screen.getByText('$500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    unmount();
    renderDetail(sold, 'buyer-1');
    expect(screen.getByText('PURCHASED')).toBeInTheDocument();
  });

  it.each(['expired', 'withdrawn'] as const)('says a %s stay is no longer available, never "pending"', (status) => {
    renderDetail(makeListing({ status }));
    expect(screen.getByText('NO LONGER AVAILABLE')).toBeInTheDocument();
    expect(screen.getByText(/^This stay is no longer available\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another stay' })).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByText(/pending/i)).not.toBeInTheDocument();
    expect(screen.queryByText(status.toUpperCase())).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('says a sold stay is no longer available to everyone but its buyer, who is sent to My Stays', () => {
    const sold = makeListing({ status: 'sold', buyer_id: 'buyer-1' });
    const { unmount } = renderDetail(sold, null);
    expect(screen.getByText(/This stay has been sold and is no longer available\./)).toBeInTheDocument();
    unmount();
    renderDetail(sold, 'buyer-1');
    expect(screen.queryByText(/no longer available/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in My Stays' })).toHaveAttribute('href', '/my-stays');
  });

  it.each([
    ['active', null, 'buyable'],
    ['active', 'seller-1', 'owner'],
    ['inactive', null, 'unavailable'],
    ['sold', null, 'sold'],
    ['sold', 'buyer-1', 'purchased'],
    ['reserved', null, 'held'],
    ['expired', null, 'gone'],
    ['withdrawn', null, 'gone'],
  ] as const)('status %s seen by %s is %s', (status, viewer, expected) => {
    expect(viewingOf({ status, user_id: 'seller-1', buyer_id: status === 'sold' ? 'buyer-1' : null }, viewer)).toBe(
      expected,
    );
  });

  it.each([
    ['active', null, null],
    ['inactive', null, null],
    ['sold', null, 'SOLD'],
    ['sold', 'buyer-1', 'PURCHASED'],
    ['reserved', null, 'RESERVED'],
    ['expired', 'seller-1', 'NO LONGER AVAILABLE'],
    ['withdrawn', null, 'NO LONGER AVAILABLE'],
  ] as const)('a %s listing seen by %s wears the badge %s', (status, viewer, expected) => {
    expect(
      statusBadgeOf({ status, user_id: 'seller-1', buyer_id: status === 'sold' ? 'buyer-1' : null }, viewer)?.label ??
        null,
    ).toBe(expected);
  });
});
