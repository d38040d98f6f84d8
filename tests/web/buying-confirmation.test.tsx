import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './auth-mocks.ts';
import { handoverOf, makePurchasedStay, mockListing, mockPurchasedStays, refundInfo } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

beforeEach(() => {
  mockPurchasedStays({ body: { success: true, data: [] } });
});
afterEach(() => vi.useRealTimers());

const PAID = { state: 'paid', at: '2026-02-01T10:00:00.000Z' } as const;
const bought = (order: Parameters<typeof makePurchasedStay>[1]) =>
  makePurchasedStay({ id: 'listing-7', hotel_name: 'Hotel Miradouro' }, order);

/** A signed-in buyer on the confirmation page of listing-7, whose order reads as `order` says. */
async function openConfirmationOf(order: Parameters<typeof bought>[0]) {
  await signIn();
  mockListing(makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro' }));
  mockPurchasedStays({ body: { success: true, data: [bought(order)] } });
  renderRoute('/booking/confirmation?listing=listing-7');
}

describe('/booking/confirmation', { timeout: 20_000 }, () => {
  it('congratulates with the stay’s hotel, city and dates, says what happens next, and links on', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro', city: 'Lisbon', country: 'Portugal' }));
    renderRoute('/booking/confirmation?listing=listing-7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    const stay = screen.getByRole('region', { name: 'Your stay' });
    expect(await within(stay).findByText('Hotel Miradouro')).toBeInTheDocument();
    expect(within(stay).getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(within(stay).getByText(/Mar 3, 2026 – Mar 7, 2026/)).toHaveTextContent(
      'Mar 3, 2026 – Mar 7, 2026 · 4 nights',
    );

    const next = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(next.getByText('The hotel puts the reservation in your name, usually within minutes.')).toBeInTheDocument();
    expect(
      next.getByText(
        "You'll get an email with your receipt, and another with the hotel's confirmation number once the stay is in your name. If the hotel cannot transfer it, your payment is refunded in full.",
      ),
    ).toBeInTheDocument();
    expect(
      next.getByText("My Stays shows each step, and the hotel's details whenever you need them."),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My Stays' })).toHaveAttribute(
      'href',
      '/my-stays',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('still confirms when the stay cannot be read', async () => {
    await signIn();
    server.use(
      http.get('/api/listings/listing-7', () =>
        HttpResponse.json({ success: false, error: 'Down', code: 'INTERNAL_ERROR' }, { status: 500 }),
      ),
    );
    renderRoute('/booking/confirmation?listing=listing-7');
    expect(
      await screen.findByText("We couldn't load the stay's details just now; you will find them under My Stays."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
  });

  it('without a stay named, congratulates and explains what happens next', async () => {
    await signIn();
    renderRoute('/booking/confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your stay' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
  });

  it('follows the order live, and says "in your name" only once the hotel has done it', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro' }));
    mockPurchasedStays(
      { body: { success: true, data: [bought({ state: 'paid', timeline: [PAID] })] } },
      {
        body: {
          success: true,
          data: [
            bought({
              state: 'transferred',
              timeline: [PAID, { state: 'transferred', at: '2026-02-01T10:00:09.000Z' }],
              handover: handoverOf(),
            }),
          ],
        },
      },
    );
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    renderRoute('/booking/confirmation?listing=listing-7');
    const news = await screen.findByText(
      'Payment received. We are putting the reservation in your name at Hotel Miradouro.',
      {},
      { timeout: 5_000 },
    );
    expect(news).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/reservation is in your name/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Progress of Hotel Miradouro' })).toHaveTextContent('Paid');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(news).toHaveTextContent('The reservation is in your name at Hotel Miradouro.'));
    expect(screen.getByRole('list', { name: 'Progress of Hotel Miradouro' })).toHaveTextContent('In your name');
  });

  it('says why when the hotel did not take the transfer and the money goes back', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro' }));
    mockPurchasedStays({
      body: {
        success: true,
        data: [bought({ state: 'refund_pending', timeline: [PAID], refund: refundInfo('transfer_refused') })],
      },
    });
    renderRoute('/booking/confirmation?listing=listing-7');
    expect(
      await screen.findByText(
        'We could not give you this stay at Hotel Miradouro. The hotel refused to put the reservation in your name. ' +
          'Your payment is being refunded in full.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'refund_pending',
      'Your payment is being refunded',
      'The full amount is on its way back to your card; banks usually show it within 5 to 10 business days.',
    ],
    [
      'refunded',
      'Your payment was refunded',
      'The full amount went back to your card; banks usually show it within 5 to 10 business days.',
    ],
  ] as const)(
    'after a refund (%s) the heading and next steps say so, never "Congratulations!"',
    async (state, heading, step) => {
      await openConfirmationOf({
        state,
        timeline: [PAID],
        refund: refundInfo('refunded_by_provider'),
        amount: 420,
        currency: 'EUR',
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5_000 })).toBeInTheDocument();
      expect(screen.queryByText('Congratulations!')).not.toBeInTheDocument();
      const next = within(screen.getByRole('region', { name: 'What happens next' }));
      expect(next.getByText(step)).toBeInTheDocument();
      expect(next.queryByText(/puts the reservation in your name/)).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Your stay' })).getByText('€420.00')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toMatch(/^Payment (Being )?Refunded/));
    },
  );

  it('once the stay is in the buyer’s name, says what that means and shows what was paid', async () => {
    await openConfirmationOf({
      state: 'transferred',
      timeline: [PAID],
      handover: handoverOf(),
      amount: 88_920,
      currency: 'JPY',
    });
    const next = within(await screen.findByRole('region', { name: 'What happens next' }));
    expect(
      await next.findByText(
        /the hotel now holds it under your name and email, so changes and cancellations go through you/,
      ),
    ).toBeInTheDocument();
    expect(next.queryByText(/puts the reservation in your name/)).not.toBeInTheDocument();
    const stay = within(screen.getByRole('region', { name: 'Your stay' }));
    expect(stay.getByText('You paid', { exact: false })).toHaveTextContent('You paid ¥88,920');
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
  });
});
