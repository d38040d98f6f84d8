import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListingCard } from '../../src/components/listings/ListingCard.tsx';
import { swipeStep } from '../../src/components/listings/use-swipe.ts';
import { makeListing } from './factories.ts';
import { WithQueriesAndRouter } from './render.tsx';

describe('ListingCard', () => {
  it('shows title, location, dates, price, the price paid at the hotel and the saving, and links to the stay', () => {
    const listing = makeListing({ title: 'Harbour loft', price: 1234, paid_price: 1480.8 });
    render(<ListingCard listing={listing} />, { wrapper: WithQueriesAndRouter });
    expect(screen.getByRole('link', { name: 'Harbour loft' })).toHaveAttribute('href', `/listings/${listing.id}`);
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Mar 3, 2026')).toBeInTheDocument();
    expect(screen.getByText('Mar 7, 2026')).toBeInTheDocument();
    expect(screen.getByText('$1,234')).toBeInTheDocument();
    expect(screen.getByText('$1,480.80').tagName).toBe('S');
    expect(screen.getByText('$1,480.80').parentElement).toHaveTextContent('Paid at the hotel $1,480.80');
    expect(screen.getByText('Save $246.80')).toBeInTheDocument();
  });

  it('strikes through what the seller paid, once per amount, with the decimals the stay page uses', () => {
    render(<ListingCard listing={makeListing({ price: 420, paid_price: 447, currency: 'EUR' })} />, {
      wrapper: WithQueriesAndRouter,
    });
    expect(screen.getByText('€420')).toBeInTheDocument();
    expect(screen.getByText('€447').tagName).toBe('S');
    expect(screen.getByText('Save €27')).toBeInTheDocument();
    expect(screen.queryByText(/EUR/)).not.toBeInTheDocument();
  });

  it('shows a zero-decimal currency without decimals', () => {
    render(<ListingCard listing={makeListing({ price: 88_920, paid_price: 95_000, currency: 'JPY' })} />, {
      wrapper: WithQueriesAndRouter,
    });
    expect(screen.getByText('¥88,920')).toBeInTheDocument();
    expect(screen.getByText('¥95,000').tagName).toBe('S');
    expect(screen.getByText('Save ¥6,080')).toBeInTheDocument();
  });

  it.each([null, 1234])('strikes nothing through when what was paid is %s', (paid) => {
    render(<ListingCard listing={makeListing({ price: 1234, paid_price: paid })} />, { wrapper: WithQueriesAndRouter });
    expect(screen.getByText('$1,234')).toBeInTheDocument();
    expect(screen.queryByText(/Paid at the hotel|Save/)).not.toBeInTheDocument();
  });

  it('cycles through four photos with labelled arrows and dots', async () => {
    const user = userEvent.setup();
    const listing = makeListing({ title: 'Harbour loft' });
    render(<ListingCard listing={listing} />, { wrapper: WithQueriesAndRouter });
    expect(screen.getByRole('img', { name: 'Harbour loft' })).toHaveAttribute('src', listing.image_url);
    expect(screen.getAllByRole('button', { name: /Show photo \d of 4/ })).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'No other photo of Harbour loft yet (2 of 4)' })).toHaveAttribute(
      'src',
      '/images/listings/placeholder-1.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: 'No other photo of Harbour loft yet (4 of 4)' })).toHaveAttribute(
      'src',
      '/images/listings/placeholder-3.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Show photo 3 of 4' }));
    expect(screen.getByRole('img', { name: 'No other photo of Harbour loft yet (3 of 4)' })).toHaveAttribute(
      'src',
      '/images/listings/placeholder-2.svg',
    );
  });
});

describe('photo swipe', () => {
  it('steps to the next photo on a leftward swipe and back on a rightward one; taps and scrolls do nothing', () => {
    expect(swipeStep(-60, 5)).toBe(1);
    expect(swipeStep(60, -5)).toBe(-1);
    expect(swipeStep(-30, 0)).toBe(0);
    expect(swipeStep(-50, 80)).toBe(0);
  });
});
