import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaleOutcome } from '../../contract/handover.ts';
import type { ReverseHandover } from '../../contract/order-state.ts';
import { REFUND_REASON_MESSAGES } from '../../contract/order-state.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { handoverOf, makePurchasedStay, mockListing, mockPurchasedStays, refundInfo } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';
import { mockMyListings } from './selling-mocks.ts';

/**
 * A stay refunded after it was in the buyer's name (ADR 0075): the confirmation page, My Stays and My Listings
 * each say who holds the reservation now: the hotel being asked to give it back, back with the seller, or kept by
 * the buyer (the seller's sale then stands).
 */
const AT = '2026-02-03T09:00:00.000Z';
const refundedAfterHandover = (state: ReverseHandover) =>
  makePurchasedStay(
    { id: 'listing-7', hotel_name: 'Hotel Miradouro' },
    {
      state: 'refunded',
      refund: refundInfo('refunded_by_provider', '2026-02-03T08:59:00.000Z'),
      handover: handoverOf(),
      reverseHandover: { state, at: AT },
    },
  );

const BUYER_NEWS: Record<ReverseHandover, string> = {
  pending:
    'We are asking Hotel Miradouro to take the reservation out of your name and give it back to the seller; until ' +
    'it does, it stays in your name.',
  returned_to_seller:
    'The reservation at Hotel Miradouro is no longer in your name: the hotel gave it back to the seller.',
  kept_by_buyer:
    'The reservation at Hotel Miradouro is still in your name: the hotel could not give it back to the seller, so ' +
    'you may still check in with your own ID.',
};
const HEADINGS: Record<ReverseHandover, string> = {
  pending: 'Your payment was refunded',
  returned_to_seller: 'Your refund is complete',
  kept_by_buyer: 'Your refund is complete, and the stay is still yours',
};
const STATES = ['pending', 'returned_to_seller', 'kept_by_buyer'] as const;

describe('a refund after the handover, on the buyer’s and the seller’s pages', { timeout: 20_000 }, () => {
  it.each(STATES)('the confirmation page says who holds the stay (%s)', async (state) => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro' }));
    mockPurchasedStays({ body: { success: true, data: [refundedAfterHandover(state)] } });
    renderRoute('/booking/confirmation?listing=listing-7');
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[state] }, { timeout: 5_000 })).toBeVisible();
    const news = screen.getAllByRole('status').find((element) => element.textContent?.includes('refunded in full'));
    expect(news).toHaveTextContent(
      `Your payment was refunded in full. ${REFUND_REASON_MESSAGES.buyer.refunded_by_provider} ${BUYER_NEWS[state]}`,
    );
  });

  it.each(STATES)(
    'My Stays says who holds the stay, with the hotel’s details only if the buyer kept it (%s)',
    async (state) => {
      await signIn();
      mockPurchasedStays({ body: { success: true, data: [refundedAfterHandover(state)] } });
      renderRoute('/my-stays');
      const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
      expect(within(table).getByText(BUYER_NEWS[state])).toBeInTheDocument();
      const details = within(table).queryByRole('region', { name: 'Hotel reservation for Hotel Miradouro' });
      if (state === 'kept_by_buyer') expect(details).toBeInTheDocument();
      else expect(details).not.toBeInTheDocument();
    },
  );

  it('My Listings tells the seller whether the stay is theirs again or the sale stands', async () => {
    await signIn();
    const sale = (state: ReverseHandover): SaleOutcome => ({
      orderId: `order-${state}`,
      state: 'refunded',
      transferredAt: '2026-02-01T10:02:00.000Z',
      refund: {
        reason: 'refunded_by_provider',
        message: REFUND_REASON_MESSAGES.seller.refunded_by_provider,
        requestedAt: AT,
        refundedAt: AT,
      },
      payout: null,
      reverseHandover: { state, at: AT },
    });
    mockMyListings([
      {
        ...makeListing({ id: 'l-back', title: 'Loft in Soho', status: 'withdrawn', user_id: TEST_USER.id }),
        sale: sale('returned_to_seller'),
      },
      {
        ...makeListing({ id: 'l-kept', title: 'Canal house room', status: 'sold', user_id: TEST_USER.id }),
        sale: sale('kept_by_buyer'),
      },
      {
        ...makeListing({ id: 'l-asking', title: 'Beach bungalow', status: 'sold', user_id: TEST_USER.id }),
        sale: sale('pending'),
      },
    ]);
    renderRoute('/my-listings');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    const rowOf = (title: string) => within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement;
    const refunded = `Refunded to the buyer: ${REFUND_REASON_MESSAGES.seller.refunded_by_provider}`;
    expect(rowOf('Loft in Soho')).toHaveTextContent(
      `${refunded} The reservation is back in your name at the hotel: you can list it again.`,
    );
    expect(rowOf('Canal house room')).toHaveTextContent(
      `${refunded} The hotel could not put the reservation back in your name, so it stays the buyer’s: your sale ` +
        'stands and you keep your payout.',
    );
    expect(rowOf('Beach bungalow')).toHaveTextContent(
      `${refunded} We are asking the hotel to put the reservation back in your name.`,
    );
    // Only the stay back in the seller's name offers to list it again, on the listing page's first step.
    const again = within(rowOf('Loft in Soho')).getByRole('link', { name: 'List Loft in Soho again' });
    expect(again).toHaveAttribute('href', '/list-my-reservation');
    expect(within(rowOf('Canal house room')).queryByRole('link', { name: /again$/ })).not.toBeInTheDocument();
    expect(within(rowOf('Beach bungalow')).queryByRole('link', { name: /again$/ })).not.toBeInTheDocument();
  });
});
