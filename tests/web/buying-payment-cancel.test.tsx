import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from './auth-mocks.ts';
import { mockCancelCheckout } from './buying-mocks.ts';
import { renderRoute } from './render.tsx';

describe('/payment/cancel', () => {
  it('says no charges were made, links to My Stays and Home, and releases the stored checkout', async () => {
    await signIn();
    sessionStorage.setItem('pendingReservationId', 'listing-7');
    sessionStorage.setItem('pendingCheckoutSessionId', 'cs_test_7');
    const cancels = mockCancelCheckout();
    renderRoute('/payment/cancel');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('No charges were made.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My Stays' })).toHaveAttribute(
      'href',
      '/my-stays',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to the stay' })).toHaveAttribute(
      'href',
      '/listings/listing-7',
    );
    await waitFor(() => expect(cancels).toEqual([{ sessionId: 'cs_test_7' }]));
    expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBeNull();
  });

  it('releases the stay named in its address when this tab lost what it stored (another tab, or storage cleared)', async () => {
    await signIn();
    const cancels = mockCancelCheckout();
    renderRoute('/payment/cancel?listing=listing-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the stay' })).toHaveAttribute('href', '/listings/listing-7');
    await waitFor(() => expect(cancels).toEqual([{ listingId: 'listing-7' }]));
  });

  it('names the checkout by its stored session when it has one, rather than by the stay', async () => {
    await signIn();
    sessionStorage.setItem('pendingCheckoutSessionId', 'cs_test_7');
    const cancels = mockCancelCheckout();
    renderRoute('/payment/cancel?listing=listing-7');
    await waitFor(() => expect(cancels).toEqual([{ sessionId: 'cs_test_7' }]));
  });

  it('calls nothing when this tab started no checkout', async () => {
    await signIn();
    const cancels = mockCancelCheckout();
    renderRoute('/payment/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancels).toEqual([]);
  });
});
