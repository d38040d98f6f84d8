import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOTEL_WITHDRAWAL_MESSAGES, type SaleOutcome } from '../../contract/handover.ts';
import { REFUND_REASON_MESSAGES } from '../../contract/order-state.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';
import { mockMyListings } from './selling-mocks.ts';

const TRANSFERRED_AT = '2026-02-01T10:02:00.000Z';
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

const sale = (overrides: Partial<SaleOutcome>): SaleOutcome => ({
  orderId: 'order-1',
  state: 'transferred',
  transferredAt: null,
  refund: null,
  payout: null,
  reverseHandover: null,
  ...overrides,
});

const refund = (refundedAt: string | null) => ({
  reason: 'transfer_refused' as const,
  message: REFUND_REASON_MESSAGES.seller.transfer_refused,
  requestedAt: '2026-02-01T10:03:00.000Z',
  refundedAt,
});

const sellerListings = () => [
  {
    ...makeListing({ id: 'l-transferred', title: 'Loft in Soho', status: 'sold', user_id: TEST_USER.id }),
    sale: sale({ state: 'transferred', transferredAt: TRANSFERRED_AT }),
  },
  {
    ...makeListing({ id: 'l-refunded', title: 'Canal house room', status: 'withdrawn', user_id: TEST_USER.id }),
    sale: sale({ state: 'refunded', refund: refund('2026-02-01T10:09:00.000Z') }),
  },
  {
    ...makeListing({ id: 'l-refunding', title: 'Beach bungalow', status: 'withdrawn', user_id: TEST_USER.id }),
    sale: sale({ state: 'refund_pending', refund: refund(null) }),
  },
  {
    ...makeListing({ id: 'l-transferring', title: 'Old town double', status: 'sold', user_id: TEST_USER.id }),
    sale: sale({ state: 'transferring' }),
  },
  makeListing({ id: 'l-active', title: 'Harbour view suite', user_id: TEST_USER.id }),
  {
    ...makeListing({ id: 'l-hotel', title: 'Garden room', status: 'withdrawn', user_id: TEST_USER.id }),
    withdrawnByHotel: HOTEL_WITHDRAWAL_MESSAGES.cancelled,
  },
];

const OUTCOMES = {
  'Loft in Soho': `Transferred to the buyer on ${day(TRANSFERRED_AT)}`,
  'Canal house room': `Refunded to the buyer: ${REFUND_REASON_MESSAGES.seller.transfer_refused}`,
  'Beach bungalow': `Being refunded to the buyer: ${REFUND_REASON_MESSAGES.seller.transfer_refused}`,
  'Old town double': 'Sold: the hotel is putting the reservation in the buyer’s name.',
  // Withdrawn by the hotel's own change: why, not a bare "Withdrawn".
  'Garden room': 'The hotel cancelled this reservation, so we withdrew your listing.',
};

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

// Whole routes on a busy machine: the first test also loads the pages' code.
describe('/my-listings says how each sale ended, and why the hotel withdrew a listing', { timeout: 20_000 }, () => {
  it('beside the status in the table', async () => {
    await signIn();
    mockMyListings(sellerListings());
    renderRoute('/my-listings');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    for (const [title, outcome] of Object.entries(OUTCOMES)) {
      const row = within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement;
      expect(within(row).getByText(outcome)).toBeInTheDocument();
    }
    const unsold = within(table).getByRole('link', { name: 'Harbour view suite' }).closest('tr') as HTMLElement;
    expect(unsold).not.toHaveTextContent(/Transferred|Refunded|Being refunded|Sold:/);
  });

  it('on each card on a phone', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 639px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    await signIn();
    mockMyListings(sellerListings());
    renderRoute('/my-listings');
    const cards = within(await screen.findByRole('list', { name: 'Your listings' }, { timeout: 5_000 })).getAllByRole(
      'listitem',
    );
    for (const [title, outcome] of Object.entries(OUTCOMES)) {
      const card = cards.find((item) => within(item).queryByRole('heading', { name: title }))!;
      expect(within(card).getByText(outcome)).toBeInTheDocument();
    }
  });
});
