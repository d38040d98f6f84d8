import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../src/features/listing/api/create-checkout-session.ts';
import type { ListingWithViewer } from '../../contract/listing.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { mockListing } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';

/** A stay of 200 at a hotel that charges a 25 name-change fee, a city tax and a deposit at its desk. */
function stayWithFee(): ListingWithViewer {
  return {
    ...makeListing({ title: 'Lake room', price: 200 }),
    hotel_approval: {
      hotelName: 'Hotel Seeblick',
      rules: [],
      total: {
        price: 200,
        hotelFee: 25,
        allInTotal: 225,
        currency: 'USD',
        hotelName: 'Hotel Seeblick',
        desk: {
          cityTax: { kind: 'per_person_night', amountCents: 350 },
          depositCents: 10_000,
          breakfastIncluded: true,
          cancellationTerms: 'Free cancellation until 48 hours before arrival.',
        },
      },
    },
  };
}

describe('the all-in total', () => {
  it('comes first and largest on the stay’s page, with the fee as its own line and the desk charges below', async () => {
    const listing = stayWithFee();
    mockListing(listing);
    renderRoute(`/listings/${listing.id}`);
    const box = await screen.findByRole('complementary', { name: 'Price for the whole stay' }, { timeout: 15_000 });
    expect(within(box).getAllByText('$225')[0]).toHaveClass('text-3xl');
    expect(within(box).getByText('Name-change fee, paid to Hotel Seeblick').nextSibling).toHaveTextContent('$25');
    expect(within(box).getByText('Still charged by Hotel Seeblick at the desk')).toBeInTheDocument();
    expect(within(box).getByText('City tax: $3.50 per person per night')).toBeInTheDocument();
    expect(within(box).getByText('Deposit: $100, held by the hotel')).toBeInTheDocument();
    expect(within(box).getByText('Breakfast is included in the rate')).toBeInTheDocument();
  });

  it('is the Pay Now panel’s total, with the price and the fee above it', async () => {
    await signIn(TEST_USER, { first_name: 'Ana', last_name: 'Silva' });
    const listing = stayWithFee();
    mockListing(listing);
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = renderRoute(`/listings/${listing.id}`);
    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 15_000 });
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const panel = screen.getByRole('region', { name: 'Review and pay' });
    expect(within(panel).getByText('Total').nextSibling).toHaveTextContent('$225');
    expect(within(panel).getByText('Price').nextSibling).toHaveTextContent('$200');
    expect(within(panel).getByText('Name-change fee, paid to Hotel Seeblick').nextSibling).toHaveTextContent('$25');
  });
});
