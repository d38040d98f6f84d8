import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECHECK_INTERVAL_MS } from '../../src/features/buying/use-payment-verification.ts';
import { PAYMENT_SUCCESS_REDIRECT_MS } from '../../src/lib/ui-constants.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { mockListing, mockPurchase, mockPurchasedStays, mockSessionStatus, sessionStatus } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';

// The confirmation page these end on follows the order through My Stays' reply.
beforeEach(() => {
  mockPurchasedStays({ body: { success: true, data: [] } });
});

afterEach(() => vi.useRealTimers());

/** Fake time moves only when the test says so; pending promises (replies, renders) settle on the way. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Advances fake time in small steps until `done` holds; returns how long that took. */
async function advanceUntil(done: () => boolean, limitMs = 2_000): Promise<number> {
  let elapsed = 0;
  while (!done()) {
    if (elapsed >= limitMs) throw new Error(`not done after ${limitMs} ms of fake time`);
    await advance(10);
    elapsed += 10;
  }
  return elapsed;
}

/** A reply the test releases when it is ready (so fake timers can start in between). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Where the router is, or is going: a navigation to a lazily loaded page is under way before it lands. */
const destination = (view: {
  router: {
    state: {
      navigation: { location?: { pathname: string; search: string } };
      location: { pathname: string; search: string };
    };
  };
}) => {
  const location = view.router.state.navigation.location ?? view.router.state.location;
  return location.pathname + location.search;
};

const pathname = (view: { router: { state: { location: { pathname: string; search: string } } } }) =>
  view.router.state.location.pathname + view.router.state.location.search;

describe('/payment/success', () => {
  it('without a session id goes to My Stays', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [] } });
    const view = renderRoute('/payment/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Stays' })).toBeInTheDocument();
    expect(pathname(view)).toBe('/my-stays');
  });

  it('sends a guest to / with the sign-in dialog', async () => {
    const view = renderRoute('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('dialog', { name: 'Welcome to Restay' })).toHaveTextContent(
      'Please sign in to complete your payment.',
    );
    await waitFor(() => expect(pathname(view)).toBe('/'));
  });

  it('once paid: marks the stored stay purchased, forgets the checkout, and goes to the confirmation after 1.5 s', async () => {
    await signIn();
    const listing = makeListing({ id: 'listing-7', hotel_name: 'Hotel Miradouro' });
    mockListing(listing);
    sessionStorage.setItem('pendingReservationId', 'listing-7');
    sessionStorage.setItem('pendingCheckoutSessionId', 'cs_test_1');
    const reply = deferred<ReturnType<typeof sessionStatus>>();
    const statusCalls = mockSessionStatus(() => reply.promise);
    const purchases = mockPurchase();
    const view = renderRoute('/payment/success?session_id=cs_test_1');

    expect(await screen.findByText('Verifying your payment…')).toBeInTheDocument();
    await waitFor(() => expect(statusCalls).toEqual(['cs_test_1']));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    reply.resolve(sessionStatus('paid', 'listing-7'));
    await advanceUntil(() => screen.queryByRole('heading', { name: 'Payment Successful!' }) !== null);
    expect(screen.getByText('Thank you! Your stay is booked. Taking you to your confirmation…')).toBeInTheDocument();
    expect(purchases).toEqual([{ id: 'listing-7', body: { buyer_id: TEST_USER.id, user_id: TEST_USER.id } }]);
    expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBeNull();

    // The redirect is timed from the success render, which the 10 ms steps above place to within 10 ms.
    await advance(1_480);
    expect(destination(view)).toBe('/payment/success?session_id=cs_test_1');
    await advance(40);
    expect(destination(view)).toBe('/booking/confirmation?listing=listing-7');
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(statusCalls).toHaveLength(1);
  });

  it('only logs a failed purchase call: the buyer still sees the success', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7' }));
    sessionStorage.setItem('pendingReservationId', 'listing-7');
    mockSessionStatus(sessionStatus('paid', 'listing-7'));
    const purchases = mockPurchase({ status: 409, body: { success: false, error: 'Not paid yet', code: 'CONFLICT' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/payment/success?session_id=cs_test_1');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Reading back the purchase failed',
        expect.objectContaining({ message: 'Not paid yet' }),
      ),
    );
    expect(purchases).toHaveLength(1);
    expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
  });

  it('reaches the confirmation from the server’s answer when this tab stored no stay, without a purchase call', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-9' }));
    mockSessionStatus(sessionStatus('paid', 'listing-9'));
    const purchases = mockPurchase();
    // The 1.5 s to the redirect are jumped, not sat out (the test above times them).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderRoute('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await advance(PAYMENT_SUCCESS_REDIRECT_MS);
    await waitFor(() => expect(pathname(view)).toBe('/booking/confirmation?listing=listing-9'), { timeout: 3_000 });
    expect(purchases).toEqual([]);
  });

  it('while not paid: says it is processing, checks every 2 s for about a minute, then offers Check again', async () => {
    await signIn();
    sessionStorage.setItem('pendingReservationId', 'listing-7');
    const reply = deferred<ReturnType<typeof sessionStatus>>();
    const calls = mockSessionStatus(() => reply.promise, sessionStatus('open'));
    renderRoute('/payment/success?session_id=cs_test_1');
    await waitFor(() => expect(calls).toHaveLength(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    reply.resolve(sessionStatus('open'));
    const tookMs = await advanceUntil(() => screen.queryByRole('heading', { name: 'Payment Processing' }) !== null);
    expect(
      screen.getByText(
        'We are waiting for the payment provider to confirm your payment. This page checks again automatically.',
      ),
    ).toBeInTheDocument();

    // The first answer landed within the last 10 ms step, and the next check is timed from it.
    await advance(1_980 - tookMs);
    expect(calls).toHaveLength(1);
    await advance(20);
    expect(calls).toHaveLength(2);
    for (let check = 3; check <= 30; check += 1) await advance(2_000);
    expect(calls).toHaveLength(30);
    await advanceUntil(() => screen.queryByRole('button', { name: 'Check again' }) !== null);
    expect(
      screen.getByText("We haven't had the confirmation yet. It can take a little longer: check again in a moment."),
    ).toBeInTheDocument();
    await advance(10_000);
    expect(calls).toHaveLength(30);
    expect(sessionStorage.getItem('pendingReservationId')).toBe('listing-7');

    vi.useRealTimers();
    mockSessionStatus(sessionStatus('open'));
    screen.getByRole('button', { name: 'Check again' }).click();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument());
  });

  it('turns to success when a re-check finds the payment', async () => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7' }));
    sessionStorage.setItem('pendingReservationId', 'listing-7');
    mockSessionStatus(sessionStatus('open'), sessionStatus('paid', 'listing-7'));
    mockPurchase();
    // The 2 s to the re-check are jumped, not sat out (the test above times them).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    await advance(RECHECK_INTERVAL_MS);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 4_000 })).toBeInTheDocument();
  });

  it('says the payment could not be verified when the status call fails, and can try again', async () => {
    await signIn();
    const calls = mockSessionStatus(
      { status: 500, body: { success: false, error: 'Provider unreachable', code: 'UPSTREAM_ERROR' } },
      sessionStatus('open'),
    );
    const { user } = renderRoute('/payment/success?session_id=cs_test_1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Payment Verification Failed: We couldn't verify your payment status.");
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: "Payment Verification Failed: We couldn't verify your payment status.",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Stays' })).toHaveAttribute('href', '/my-stays');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
