import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from './auth-mocks.ts';
import { mockCancelCheckout } from './buying-mocks.ts';
import { renderRoute } from './render.tsx';

describe('/payment/cancel', () => {
  it('says no charges were made, links to My Stays and Home, and releases the stored checkout', async () => {
    signIn();
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
    await waitFor(() => expect(cancels).toEqual([{ sessionId: 'cs_test_7' }]));
    expect(sessionStorage.getItem('pendingReservationId')).toBeNull();
    expect(sessionStorage.getItem('pendingCheckoutSessionId')).toBeNull();
  });

  it('calls nothing when this tab started no checkout', async () => {
    signIn();
    const cancels = mockCancelCheckout();
    renderRoute('/payment/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancels).toEqual([]);
  });
});
