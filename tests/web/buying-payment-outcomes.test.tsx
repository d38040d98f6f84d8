import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECHECK_INTERVAL_MS } from '../../src/features/buying/use-payment-verification.ts';
import { PAYMENT_SUCCESS_REDIRECT_MS } from '../../src/lib/ui-constants.ts';
import { signIn } from './auth-mocks.ts';
import {
  mockListing,
  mockPurchase,
  mockPurchasedStays,
  mockSessionStatus,
  refundInfo,
  sessionStatus,
} from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';

// The confirmation page these end on follows the order through My Stays' reply.
beforeEach(() => {
  mockPurchasedStays({ body: { success: true, data: [] } });
});

afterEach(() => vi.useRealTimers());

const returnFromCheckout = () => {
  sessionStorage.setItem('pendingReservationId', 'listing-7');
  sessionStorage.setItem('pendingCheckoutSessionId', 'cs_test_1');
  return renderRoute('/payment/success?session_id=cs_test_1');
};

/** No more status checks happen, however long the page stays open. */
async function expectNoMoreChecks(calls: string[]) {
  const before = calls.length;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  await act(() => vi.advanceTimersByTimeAsync(120_000));
  expect(calls).toHaveLength(before);
  vi.useRealTimers();
}

// Whole routes on a busy machine: the first test also loads the pages' code.
describe('/payment/success understands every state of the order', { timeout: 20_000 }, () => {
  it.each(['transferring', 'transferred'])('takes a sale whose handover is %s to the confirmation', async (state) => {
    await signIn();
    mockListing(makeListing({ id: 'listing-7' }));
    mockSessionStatus(sessionStatus(state, 'listing-7'));
    mockPurchase();
    // The 1.5 s to the redirect are jumped, not sat out (buying-payment-success.test.tsx times them).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = returnFromCheckout();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 5_000 })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_SUCCESS_REDIRECT_MS));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/booking/confirmation'), {
      timeout: 3_000,
    });
  });

  it.each([
    ['transfer_failed', null, 'Your Payment Is Being Refunded', 'transfer_refused'],
    ['refund_pending', null, 'Your Payment Is Being Refunded', 'late_payment'],
    ['refunded', '2026-02-01T10:09:00.000Z', 'Your Payment Was Refunded', 'transfer_refused'],
  ] as const)('a %s order says the money goes back and why, and stops checking', async (state, at, title, reason) => {
    await signIn();
    const calls = mockSessionStatus(sessionStatus(state, 'listing-7', refundInfo(reason, at)));
    const purchases = mockPurchase();
    returnFromCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(`Why: ${refundInfo(reason).message}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Stays' })).toHaveAttribute('href', '/my-stays');
    expect(screen.queryByText('Payment Processing')).not.toBeInTheDocument();
    expect(purchases).toEqual([]);
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBeNull();
    await expectNoMoreChecks(calls);
  });

  it('turns from processing to refunded when a re-check finds the payment went back', async () => {
    await signIn();
    mockSessionStatus(
      sessionStatus('open'),
      sessionStatus('refunded', 'listing-7', refundInfo('late_payment', '2026-02-01T10:09:00.000Z')),
    );
    // The 2 s to the re-check are jumped, not sat out (buying-payment-success.test.tsx times them).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    returnFromCheckout();
    expect(await screen.findByRole('heading', { name: 'Payment Processing' }, { timeout: 5_000 })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS));
    expect(
      await screen.findByRole('heading', { name: 'Your Payment Was Refunded' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
  });

  it.each(['expired', 'cancelled'])(
    'a checkout that ended %s says no charges were made and leads back to the stay',
    async (state) => {
      await signIn();
      const calls = mockSessionStatus(sessionStatus(state, 'listing-7'));
      returnFromCheckout();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This Checkout Has Ended' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('The checkout ended before a payment was made. No charges were made.')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to the stay' })).toHaveAttribute('href', '/listings/listing-7');
      expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
      await expectNoMoreChecks(calls);
    },
  );
});
