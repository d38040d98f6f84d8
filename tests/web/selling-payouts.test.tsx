import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMajorUnits } from '../../contract/money-format.ts';
import {
  PAYOUT_ACCOUNT_LABELS,
  payoutAccountHint,
  type PayoutAccountStatus,
  type PayoutInfo,
} from '../../contract/payouts.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';
import { payoutText, payoutTotals } from '../../src/features/selling/sale-outcome.ts';
import { makeListing } from './factories.ts';
import { mockMyListings } from './selling-mocks.ts';

const PAID_AT = '2026-02-01T10:05:00.000Z';
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

function soldWith(id: string, title: string, payout: PayoutInfo) {
  return {
    ...makeListing({ id, title, status: 'sold', user_id: TEST_USER.id, currency: 'EUR' }),
    sale: {
      orderId: `order-${id}`,
      state: 'transferred' as const,
      transferredAt: PAID_AT,
      refund: null,
      payout,
      reverseHandover: null,
    },
  };
}

const ACTIVE = makeListing({ id: 'l-active', title: 'Garden room', user_id: TEST_USER.id });
const ONBOARDING_URL = 'https://connect.example/onboarding/acct_1';

function mockPayouts(status: PayoutAccountStatus) {
  const calls = { onboarding: 0 };
  server.use(
    http.get('/api/payouts/account', () =>
      HttpResponse.json({
        success: true,
        data: { status, label: PAYOUT_ACCOUNT_LABELS[status], hint: payoutAccountHint(status, 'transferred') },
      }),
    ),
    http.post('/api/payouts/onboarding', () => {
      calls.onboarding += 1;
      return HttpResponse.json({ success: true, data: { url: ONBOARDING_URL } });
    }),
  );
  return calls;
}

/** Catches the page leaving for the provider: `location.assign`, with the page's own address kept. */
function stubNavigation() {
  const assign = vi.fn();
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location;
  vi.stubGlobal('location', { href, origin, protocol, host, hostname, port, pathname, search, hash, assign });
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

  it('shows each sale’s payout beside it, and totals worded as the rows are', async () => {
    await signIn();
    mockMyListings([
      soldWith('l-paid', 'Loft in Soho', {
        state: 'paid',
        amount: 120,
        currency: 'EUR',
        saleAmount: 120,
        saleCurrency: 'EUR',
        releaseAt: PAID_AT,
        paidAt: PAID_AT,
      }),
      soldWith('l-waiting', 'Canal house room', {
        state: 'waiting_account',
        amount: 80.5,
        currency: 'EUR',
        saleAmount: 80.5,
        saleCurrency: 'EUR',
        releaseAt: PAID_AT,
        paidAt: null,
      }),
    ]);
    mockPayouts('details_needed');
    renderRoute('/my-listings');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    expect(within(table).getByText(`Paid out €120.00 on ${day(PAID_AT)}`)).toBeInTheDocument();
    expect(within(table).getByText('Payout of €80.50 waiting for your payout account')).toBeInTheDocument();
    // The waiting payout is not "on its way" in the total while its row says it waits for the account.
    expect(await screen.findByText('Paid out €120.00, waiting for your payout account €80.50')).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
  });

  it('shows a payout converted from the sale’s currency in the currency the seller receives', async () => {
    await signIn();
    mockMyListings([
      soldWith('l-czk', 'Old Town flat', {
        state: 'paid',
        amount: 360,
        currency: 'EUR',
        saleAmount: 9000,
        saleCurrency: 'CZK',
        releaseAt: PAID_AT,
        paidAt: PAID_AT,
      }),
    ]);
    mockPayouts('ready');
    renderRoute('/my-listings');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    // The page's text is matched with its whitespace normalised (the currency's no-break space included).
    const czk = formatMajorUnits(9000, 'CZK', { cents: 'always' }).replace(/\s/g, ' ');
    expect(within(table).getByText(`Paid out €360.00 (${czk} converted) on ${day(PAID_AT)}`)).toBeInTheDocument();
    expect(await screen.findByText('Paid out €360.00')).toBeInTheDocument();
  });
});

describe('payout totals', () => {
  const payout = (state: PayoutInfo['state'], amount: number, releaseAt: string, currency = 'EUR'): PayoutInfo => ({
    state,
    amount,
    currency,
    saleAmount: amount,
    saleCurrency: currency,
    releaseAt,
    paidAt: state === 'paid' ? releaseAt : null,
  });
  const now = new Date('2026-03-01T12:00:00Z');

  it('sum each kind as its row words it, per currency, leaving out kinds with nothing', () => {
    const payouts = [
      payout('paid', 100, '2026-02-01T00:00:00Z'),
      payout('scheduled', 20, '2026-02-28T00:00:00Z'),
      payout('scheduled', 30, '2026-03-10T00:00:00Z'),
      payout('waiting_account', 5, '2026-02-01T00:00:00Z'),
      payout('reversed', 999, '2026-02-01T00:00:00Z'),
      payout('waiting_account', 4000, '2026-02-01T00:00:00Z', 'CZK'),
    ];
    expect(payoutTotals(payouts, now)).toBe(
      'Paid out €100.00, on its way €20.00, scheduled €30.00, waiting for your payout account €5.00 · ' +
        `waiting for your payout account ${formatMajorUnits(4000, 'CZK', { cents: 'always' })}`,
    );
    for (const row of payouts) {
      const text = payoutText(row, now)!;
      if (row.state === 'waiting_account') expect(text).toMatch(/waiting for your payout account$/);
    }
    expect(payoutTotals([payout('reversed', 10, '2026-02-01T00:00:00Z')], now)).toBeNull();
  });

  it('say a payout held after a partial refund is on hold, and leave it out of the totals', () => {
    const held = payout('held', 70, '2026-02-01T00:00:00Z');
    expect(payoutText(held, now)).toBe('Payout of €70.00 on hold: part of the stay was refunded');
    expect(payoutTotals([held], now)).toBeNull();
  });
});
