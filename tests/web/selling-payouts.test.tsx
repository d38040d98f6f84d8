import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_ACCOUNT_LABELS, type PayoutAccountStatus, type PayoutInfo } from '../../contract/payouts.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';
import { makeListing } from './factories.ts';
import { mockMyListings } from './selling-mocks.ts';

const PAID_AT = '2026-02-01T10:05:00.000Z';
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

function soldWith(id: string, title: string, payout: PayoutInfo) {
  return {
    ...makeListing({ id, title, status: 'sold', user_id: TEST_USER.id, currency: 'EUR' }),
    sale: { orderId: `order-${id}`, state: 'transferred' as const, transferredAt: PAID_AT, refund: null, payout },
  };
}

const ACTIVE = makeListing({ id: 'l-active', title: 'Garden room', user_id: TEST_USER.id });
const ONBOARDING_URL = 'https://connect.example/onboarding/acct_1';

function mockPayouts(status: PayoutAccountStatus) {
  const calls = { onboarding: 0 };
  server.use(
    http.get('/api/payouts/account', () =>
      HttpResponse.json({ success: true, data: { status, label: PAYOUT_ACCOUNT_LABELS[status] } }),
    ),
    http.post('/api/payouts/onboarding', () => {
      calls.onboarding += 1;
      return HttpResponse.json({ success: true, data: { url: ONBOARDING_URL } });
    }),
  );
  return calls;
}

function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payouts on /my-listings', { timeout: 20_000 }, () => {
  it('are not offered before the user has listed a stay', async () => {
    await signIn();
    mockMyListings([]);
    mockPayouts('not_set_up');
    renderRoute('/my-listings');
    expect(await screen.findByText("You haven't listed any stays yet", {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set up payouts' })).not.toBeInTheDocument();
  });

  it('a seller without a payout account presses "Set up payouts" and goes to the onboarding link', async () => {
    await signIn();
    mockMyListings([ACTIVE]);
    const calls = mockPayouts('not_set_up');
    const assign = stubNavigation();
    const { user } = renderRoute('/my-listings');
    expect(await screen.findByRole('heading', { name: 'Payouts: not set up' }, { timeout: 5_000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ONBOARDING_URL));
    expect(calls.onboarding).toBe(1);
  });

  it('says when details are still needed, and a ready account has nothing to press', async () => {
    await signIn();
    mockMyListings([ACTIVE]);
    mockPayouts('details_needed');
    const first = renderRoute('/my-listings');
    expect(await screen.findByRole('heading', { name: 'Payouts: details needed' }, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeEnabled();
    first.unmount();

    mockPayouts('ready');
    renderRoute('/my-listings');
    expect(await screen.findByRole('heading', { name: 'Payouts: ready' }, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set up payouts' })).not.toBeInTheDocument();
  });

  it('an expired onboarding link (?payouts=refresh) asks for a new one at once', async () => {
    await signIn();
    mockMyListings([ACTIVE]);
    const calls = mockPayouts('details_needed');
    const assign = stubNavigation();
    renderRoute('/my-listings?payouts=refresh');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ONBOARDING_URL), { timeout: 5_000 });
    expect(calls.onboarding).toBe(1);
  });

  it('shows each sale’s payout beside it, and the totals paid out and on their way', async () => {
    await signIn();
    mockMyListings([
      soldWith('l-paid', 'Loft in Soho', {
        state: 'paid',
        amount: 120,
        currency: 'EUR',
        releaseAt: PAID_AT,
        paidAt: PAID_AT,
      }),
      soldWith('l-waiting', 'Canal house room', {
        state: 'waiting_account',
        amount: 80.5,
        currency: 'EUR',
        releaseAt: PAID_AT,
        paidAt: null,
      }),
    ]);
    mockPayouts('details_needed');
    renderRoute('/my-listings');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    expect(within(table).getByText(`Paid out €120.00 on ${day(PAID_AT)}`)).toBeInTheDocument();
    expect(within(table).getByText('Payout of €80.50 waiting for your payout account')).toBeInTheDocument();
    expect(await screen.findByText('Paid out €120.00, on its way €80.50')).toBeInTheDocument();
  });
});
