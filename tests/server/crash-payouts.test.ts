import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SellerListing } from '../../contract/handover.ts';
import { crashHarness, type CrashUser } from '../helpers/crash-harness.ts';

/**
 * kill -9 while sellers are being paid: the real entry point runs as a child process with a platform fee,
 * sellers list demo stays and set up payouts on the built-in provider's onboarding page, one buyer pays and their
 * seller is paid, the other buyers pay, and the process dies while those sales are being handed over and paid out.
 * Started again on the same database, every seller is paid exactly once (the provider's own transfers are
 * reconciled against the ledger by `npm run ledger:check`, which names any second transfer), for the price
 * less the fee. On PGlite (a data directory) and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const FEE_PERCENT = 10;
const harness = crashHarness({ PLATFORM_FEE_PERCENT: String(FEE_PERCENT), PAYOUT_RELEASE: 'transferred' });
const { api } = harness;

beforeAll(() => harness.createStore());
afterEach(() => harness.kill());
afterAll(() => harness.dropStore());

/** The seller sets up payouts: presses the button, fills in the provider's page, and comes back ready. */
async function setUpPayouts(seller: CrashUser) {
  const link = await api<{ data: { url: string } }>('/api/payouts/onboarding', {
    method: 'POST',
    headers: seller.headers,
    body: '{}',
  });
  expect(link.status).toBe(200);
  const submitted = await fetch(link.body.data.url, {
    method: 'POST',
    body: new URLSearchParams({ name: 'Crash Test Seller' }),
    redirect: 'manual',
  });
  expect(submitted.status).toBe(303);
  const account = await api<{ data: { status: string } }>('/api/payouts/account', { headers: seller.headers });
  expect(account.body.data.status).toBe('ready');
}

const myListing = async (seller: CrashUser) =>
  (await api<{ data: SellerListing[] }>(`/api/listings/user/${seller.id}`, { headers: seller.headers })).body.data[0]!;

describe('a crash in the middle of paying sellers', () => {
  it('pays every seller once, less the fee, after a restart', { timeout: 480_000 }, async () => {
    await harness.start();
    const candidates = await harness.sellableDemoStays();
    const verified = (await Promise.all(candidates.map((stay) => harness.verifiedSeller(stay)))).filter(
      (seller) => seller !== undefined,
    );
    expect(verified.length).toBeGreaterThanOrEqual(3);

    const sales = await Promise.all(
      verified.slice(0, 4).map(async ({ seller, create }, index) => {
        const listed = await create();
        expect(listed?.status).toBe(201);
        await setUpPayouts(seller);
        const buyer = await harness.newUser();
        const sessionId = await harness.openCheckout(buyer, listed!.body.data!.id, `Buyer${index}`);
        return { seller, sessionId };
      }),
    );

    // The first buyer pays and their seller is paid. Then the other buyers pay (the provider has the money before
    // the crash), and the process dies as soon as one of their sales has a payout on its way, while the others
    // are between the hotel and the payout. (Paid all at once, every payout could be sent between two looks.)
    const payoutState = async ({ seller }: (typeof sales)[number]) =>
      (await myListing(seller)).sale?.payout?.state ?? 'none';
    const [first, ...others] = sales;
    expect((await harness.pay(first!.sessionId))?.status).toBe(303);
    await expect.poll(() => payoutState(first!), { timeout: 60_000, interval: 50 }).toBe('paid');
    const paid = await Promise.all(others.map(({ sessionId }) => harness.pay(sessionId)));
    expect(paid.map((reply) => reply?.status)).toEqual(others.map(() => 303));
    let atCrash: string[] = [];
    await expect
      .poll(async () => (atCrash = await Promise.all(others.map(payoutState))).some((state) => state !== 'none'), {
        timeout: 60_000,
        interval: 20,
      })
      .toBe(true);
    await harness.kill();
    // The crash came before every seller was paid: the test would prove nothing otherwise.
    expect(atCrash.filter((state) => state === 'paid').length).toBeLessThan(others.length);

    await harness.start();
    for (const { seller } of sales) {
      // A payout job the crash cut short runs again at once on the embedded database (locked to one process, so
      // a running job there was the crashed one's); on PostgreSQL, once its lease (30 s) has passed.
      await expect
        .poll(async () => (await myListing(seller)).sale?.payout?.state, { timeout: 90_000, interval: 500 })
        .toBe('paid');
      const listing = await myListing(seller);
      expect(listing.sale?.state).toBe('transferred');
      // The seller's share of the sale, in the sale's currency; it is paid in the platform's settlement currency.
      expect(listing.sale?.payout?.saleAmount).toBeCloseTo(listing.price * (1 - FEE_PERCENT / 100), 2);
      expect(listing.sale?.payout?.currency).toBe('EUR');
    }
    await harness.kill();

    const ledger = await harness.runCommand('server/ledger/cli.ts');
    expect(ledger.output).toContain('The ledger reconciles');
    expect(ledger.code).toBe(0);
  });
});
