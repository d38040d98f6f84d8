import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { PublicConfig } from '../../contract/config.ts';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from './auth-mocks.ts';
import { mockCancelCheckout, mockListing, mockPaymentsConfig } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { configReply, server } from './msw.ts';
import { renderRoute } from './render.tsx';

// Stands in for Stripe.js (which would add a script from js.stripe.com) and records whether it was imported.
const stripeJs = vi.hoisted(() => ({ imported: false, loadStripe: vi.fn(() => Promise.resolve(null)) }));
vi.mock('@stripe/stripe-js', () => {
  stripeJs.imported = true;
  return { loadStripe: stripeJs.loadStripe };
});

/** Resolves once GET /api/config has been answered, so a test knows the page has read the payments mode. */
function watchConfigReads(payments: PublicConfig['payments']) {
  let reads = 0;
  server.use(
    http.get('/api/config', () => {
      reads += 1;
      return configReply(payments ? { payments } : {});
    }),
  );
  return () => reads;
}

// Order matters: the local-mode cases run first, while the module registry has never seen the library.
describe('Stripe.js for fraud signals', () => {
  it('is never imported with local payments', async () => {
    const reads = watchConfigReads({ mode: 'local', publishableKey: null });
    const listing = makeListing();
    mockListing(listing);
    renderRoute(`/listings/${listing.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stripeJs.imported).toBe(false);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('is loaded with the publishable key on a stay’s page in Stripe mode', async () => {
    mockPaymentsConfig({ mode: 'stripe', publishableKey: 'pk_test_restay' });
    const listing = makeListing();
    mockListing(listing);
    renderRoute(`/listings/${listing.id}`);
    await waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_restay'));
    expect(stripeJs.imported).toBe(true);
  });

  it('is loaded on the payment pages in Stripe mode', async () => {
    // Configuration first: signing in may already start the page's one read of it.
    mockPaymentsConfig({ mode: 'stripe', publishableKey: 'pk_test_restay' });
    await signIn();
    mockCancelCheckout();
    stripeJs.loadStripe.mockClear();
    renderRoute('/payment/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    await waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_restay'));
  });

  it('is not loaded in Stripe mode without a publishable key', async () => {
    const reads = watchConfigReads({ mode: 'stripe', publishableKey: null });
    stripeJs.loadStripe.mockClear();
    const listing = makeListing();
    mockListing(listing);
    renderRoute(`/listings/${listing.id}`);
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
