import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../src/features/listing/api/create-checkout-session.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { checkoutCreated, mockCreateCheckout, mockListing } from './buying-mocks.ts';
import type { ListingWithViewer } from '../../contract/listing.ts';
import { makeListing } from './factories.ts';
import { server, TEST_RATES } from './msw.ts';
import { renderRoute } from './render.tsx';

const ORIGIN = window.location.origin;

/** A signed-in buyer on the stay's page, ready to press Book Now; the redirect to the checkout is watched. */
async function openStay(
  listing: ListingWithViewer = makeListing({ title: 'Harbour view suite', price: 1234 }),
  ...later: ListingWithViewer[]
) {
  // The buyer's profile has their names, so the Pay Now panel starts with them filled in.
  await signIn(TEST_USER, { first_name: 'Ana', last_name: 'Silva' });
  const { reads, bearers } = mockListing(listing, ...later);
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  const view = renderRoute(`/listings/${listing.id}`);
  // Generous waits: the first render loads the page's code, slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: listing.title }, { timeout: 5_000 });
  // The session loads after the listing: Book Now means "buy" only once the page knows who is looking.
  await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5_000 });
  return { ...view, listing, assign, reads, bearers };
}

const panel = () => screen.getByRole('region', { name: 'Review and pay' });

/**
 * Presses Pay Now once the panel shows the names from the buyer's profile, which it reads when it opens: a person
 * sees them before pressing, and a press before they arrive is refused for the empty names.
 */
async function pressPayNow(user: ReturnType<typeof renderRoute>['user']) {
  await within(panel()).findByDisplayValue('Ana');
  await user.click(within(panel()).getByRole('button', { name: 'Pay Now' }));
}

describe('Book Now on a stay', () => {
  // The file's first render loads the page's code: slow on a busy machine.
  it('asks a guest to sign in and opens the sign-in dialog', { timeout: 30_000 }, async () => {
    const listing = makeListing();
    mockListing(listing);
    const { user } = renderRoute(`/listings/${listing.id}`);
    await user.click(await screen.findByRole('button', { name: 'Book Now' }, { timeout: 15_000 }));
    // Hidden included: once the dialog's code has loaded it opens at once, and a modal hides the page behind it.
    // Found, not got: the press waits until the page knows the visitor is a guest.
    expect(await screen.findByRole('alert', { hidden: true }, { timeout: 5_000 })).toHaveTextContent(
      'Please sign in to complete your booking.',
    );
    expect(await screen.findByRole('dialog', { name: 'Welcome to Restay' }, { timeout: 5_000 })).toHaveTextContent(
      'Please sign in to continue.',
    );
  });

  it('refuses a listing without a price', async () => {
    const { user } = await openStay(makeListing({ price: 0 }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid listing data. Please try again.');
    expect(screen.queryByRole('region', { name: 'Review and pay' })).not.toBeInTheDocument();
  });

  it('shows the Pay Now panel with the stay, hotel, dates, nights and total; the page keeps its fee notes', async () => {
    const { user } = await openStay(
      makeListing({ title: 'Harbour view suite', hotel_name: 'Hotel Miradouro', price: 1234 }),
    );
    await user.click(screen.getByRole('button', { name: 'Book Now' }));

    const box = within(panel());
    expect(screen.getByRole('heading', { name: 'Review and pay' })).toHaveFocus();
    expect(box.getByText('Stay').nextSibling).toHaveTextContent('Harbour view suite');
    expect(box.getByText('Hotel').nextSibling).toHaveTextContent('Hotel Miradouro');
    expect(box.getByText('Check-in').nextSibling).toHaveTextContent('Mar 3, 2026');
    expect(box.getByText('Check-out').nextSibling).toHaveTextContent('Mar 7, 2026');
    expect(box.getByText('Nights').nextSibling).toHaveTextContent('4 nights');
    // The currency once per amount: "$1,234", never "$1,234 USD".
    expect(box.getByText('Total').nextSibling?.textContent).toBe('$1,234');
    expect(box.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    // Book Now only opens the panel; Pay Now leads to the payment.
    expect(screen.getByText("You won't be charged yet")).toBeInTheDocument();
    expect(box.getByText('You pay on the next page')).toBeInTheDocument();
    expect(screen.getByText('Prices include all fees')).toBeInTheDocument();
  });

  it('says in words which currency the card is charged in, and dates the estimate beside the price', async () => {
    const { user } = await openStay(makeListing({ title: 'Prague loft', price: 5200, currency: 'CZK' }));
    const usd = Math.round((5200 / TEST_RATES.unitsPerEuro.CZK!) * TEST_RATES.unitsPerEuro.USD!);
    const priceBox = within(screen.getByRole('complementary'));
    expect(await priceBox.findByText(`about $${usd} (European Central Bank rate of Nov 25, 2026)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(
      within(panel()).getByText('Your card is charged in Czech Koruna (CZK); your bank may add a fee to convert it.'),
    ).toBeInTheDocument();
  });

  it('Cancel closes the panel, says the payment was cancelled and gives focus back to Book Now', async () => {
    const { user } = await openStay();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await user.click(within(panel()).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('region', { name: 'Review and pay' })).not.toBeInTheDocument();
    expect(screen.getByText('Payment was cancelled.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Book Now' })).toHaveFocus();
  });

  it('Pay Now creates the checkout session, remembers the stay and the session, and sends the browser there', async () => {
    const bodies = mockCreateCheckout(checkoutCreated('https://checkout.example.test/c/pay/cs_test_42', 'cs_test_42'));
    const { user, listing, assign } = await openStay(makeListing({ title: 'Harbour view suite', price: 1234 }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_42'));
    expect(bodies).toEqual([
      {
        reservationId: listing.id,
        amount: 1234,
        userId: TEST_USER.id,
        buyer_id: TEST_USER.id,
        user_id: TEST_USER.id,
        listingId: listing.id,
        title: 'Reservation for Harbour view suite',
        description: 'Check-in: Mar 3, 2026, Check-out: Mar 7, 2026',
        successUrl: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/payment/cancel?listing=${listing.id}`,
        guestFirstName: 'Ana',
        guestLastName: 'Silva',
      },
    ]);
    expect(sessionStorage.getItem('pendingReservationId')).toBe(listing.id);
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBe('cs_test_42');
    expect(within(panel()).getByRole('button', { name: 'Redirecting to checkout…' })).toBeDisabled();
  });

  it('reads the checkout url at the top level of the reply too', async () => {
    mockCreateCheckout({ body: { url: 'https://checkout.example.test/top', id: 'cs_top' } });
    const { user, assign } = await openStay();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.test/top'));
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBe('cs_top');
  });

  it('names the missing fields and does not call the server when the stay has no dates', async () => {
    const bodies = mockCreateCheckout(checkoutCreated());
    const { user, assign } = await openStay(makeListing({ start_utc: null, end_utc: null, reservations: null }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);

    const alert = within(panel()).getByRole('alert');
    expect(alert).toHaveTextContent('Unable to process payment');
    expect(within(alert).getByText('Missing required fields: check_in, check_out')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a reply without a checkout url',
      { body: { success: true, data: { sessionId: 'cs_1' } } },
      'Invalid response from server - missing checkout URL.',
    ],
    ['a reply that is not an object', { body: 'ok' }, 'Invalid response from server - missing checkout URL.'],
    [
      'the server saying why',
      { status: 403, body: { success: false, error: 'You cannot buy your own stay', code: 'FORBIDDEN' } },
      'You cannot buy your own stay',
    ],
    ['a failure without a message', { status: 500, body: {} }, 'Failed to create checkout session. Please try again.'],
  ])('shows the Payment Error panel for %s, stores nothing and stays', async (_case, answer, message) => {
    mockCreateCheckout(answer);
    const { user, assign } = await openStay();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);

    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Payment Error');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('shows a changed price and reads the listing again, so Pay Now offers the new total', async () => {
    const listing = makeListing({ price: 1234 });
    mockCreateCheckout({
      status: 409,
      body: { success: false, error: 'The price of this stay changed', code: 'CONFLICT', details: { price: 1300 } },
    });
    const { user, reads } = await openStay(listing, { ...listing, price: 1300 });
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);

    expect(await within(panel()).findByRole('alert')).toHaveTextContent('The price of this stay changed');
    await waitFor(() => expect(within(panel()).getByText('Total').nextSibling).toHaveTextContent(/^\$1,300$/));
    expect(reads()).toBe(2);
  });

  it('says someone else is paying for the stay, and from when it may be back, when the stay is held', async () => {
    const listing = makeListing();
    const holdExpiresAt = '2026-03-01T15:45:00.000Z';
    const localTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(
      new Date(holdExpiresAt),
    );
    mockCreateCheckout({
      status: 409,
      body: {
        success: false,
        error: 'Someone is paying for this stay right now',
        code: 'CONFLICT',
        details: { reason: 'held', holdExpiresAt },
      },
    });
    const { user } = await openStay(listing, { ...listing, status: 'reserved' });
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);

    expect(await screen.findByText('RESERVED')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Someone is paying for this stay right now. If they don't complete the payment, it may come back on the market after ${localTime}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review and pay' })).not.toBeInTheDocument();
  });

  it('shows a stay in someone else’s checkout with the pending-style badge instead of Book Now', async () => {
    await openStay(makeListing({ status: 'reserved' }));
    expect(screen.getByText('RESERVED')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Someone is paying for this stay right now. If they don't complete the payment, it comes back on the market.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('offers to go back to a checkout the buyer started in another tab or device; the server answers the same session', async () => {
    // Nothing in this tab's storage: the server says the hold is this viewer's.
    const listing = { ...makeListing({ status: 'reserved' }), held_by_viewer: true };
    const bodies = mockCreateCheckout(checkoutCreated('https://checkout.example.test/c/pay/cs_same', 'cs_same'));
    const { user, assign, bearers } = await openStay(listing);
    expect(await screen.findByText('You have started paying for this stay.')).toBeInTheDocument();
    expect(bearers()).toContain(true);
    expect(screen.queryByText(/Someone is paying/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await pressPayNow(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_same'));
    expect(bodies).toHaveLength(1);
  });

  it('believes the server over this tab: a stay the tab once started paying for but someone else now holds is theirs', async () => {
    const listing = makeListing({ status: 'reserved' });
    sessionStorage.setItem('pendingReservationId', listing.id);
    await openStay(listing);
    expect(screen.getByText(/^Someone is paying for this stay right now\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('starts over when the browser restores the page from its cache on the way back from the checkout', async () => {
    mockCreateCheckout(checkoutCreated());
    const { user, assign } = await openStay();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(within(panel()).getByRole('button', { name: 'Redirecting to checkout…' })).toBeDisabled();

    const restored = new Event('pageshow');
    Object.defineProperty(restored, 'persisted', { value: true });
    act(() => void window.dispatchEvent(restored));
    expect(await within(panel()).findByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('treats a network failure as a Payment Error with the catalogue message', async () => {
    server.use(http.post('/api/payment/create-checkout-session', () => HttpResponse.error()));
    const { user } = await openStay();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await pressPayNow(user);
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
  });
});
