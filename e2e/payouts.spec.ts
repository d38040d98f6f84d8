import { expect, test } from '@playwright/test';
import { formatMajorUnits } from '../contract/money-format.ts';
import { checkOut, payWith, type ApiListing } from './buying-steps.ts';
import { codeSentTo, listableReservations, requestCode } from './demo-data.ts';
import { signInAsNewUser } from './sign-in.ts';

/** The demo hotel that refuses or delays transfers (the handover journeys use it). */
const SLOW_HOTEL = 'Hotel Seeblick Zürich';

test('a seller lists a stay, sets up payouts on the onboarding page, sells it, and is paid out once it is in the buyer’s name', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const candidates = (await listableReservations(page)).filter((stay) => stay.hotelName !== SLOW_HOTEL);
  await signInAsNewUser(page, 'seller');

  await page.goto('/list-my-reservation');
  const stay = await requestCode(page, candidates, 2);
  await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  const form = page.getByRole('form', { name: 'Create your listing' });
  const title = `Payout room ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  const price = Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.9));
  await form.getByLabel(/^Price/).fill(String(price));
  await expect(form.getByText(`You receive ${formatMajorUnits(price, stay.currency)}`, { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
  const listingId = /\/listings\/([0-9a-f-]+)/.exec(page.url())![1]!;

  // Payout accounts are for sellers: My Listings offers one once a stay is listed.
  await page.goto('/my-listings');
  const payouts = page.getByRole('region', { name: /^Payouts:/ });
  await expect(payouts.getByRole('heading', { name: 'Payouts: not set up' })).toBeVisible();
  await payouts.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  await page.getByLabel('Name on the account').fill('Sam Seller');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(payouts.getByRole('heading', { name: 'Payouts: ready' })).toBeVisible();

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signInAsNewUser(buyer, 'buyer');
  const listing = (await (await buyer.request.get(`/api/listings/${listingId}`)).json()) as { data: ApiListing };
  await checkOut(buyer, listing.data);
  await payWith(buyer, '4242 4242 4242 4242');
  await expect(buyer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await buyerContext.close();

  // The job worker hands the stay over, then pays the seller: My Listings shows it when it is done.
  await expect(async () => {
    await page.goto('/my-listings');
    await expect(
      page
        .getByText(/^Paid out \S+ (?:\(.+ converted\) )?on /)
        .locator('visible=true')
        .first(),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(/^Paid out \S+$/)).toBeVisible();
});
