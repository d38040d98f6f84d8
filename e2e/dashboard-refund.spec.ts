import { expect, test, type Page } from '@playwright/test';
import { checkOut, payWith, type ApiListing } from './buying-steps.ts';
import { signInAsNewUser } from './sign-in.ts';

/** The demo hotel that refuses or delays transfers: a stay elsewhere is handed over at once. */
const SEEBLICK = 'Hotel Seeblick Zürich';

async function aStayHandedOverAtOnce(page: Page): Promise<ApiListing> {
  const reply = await page.request.get('/api/listings?sort=price_asc&pageSize=50');
  expect(reply.ok()).toBe(true);
  const stays = ((await reply.json()) as { data: ApiListing[] }).data;
  const stay = stays.find((candidate) => candidate.status === 'active' && candidate.hotel_name !== SEEBLICK);
  expect(stay, 'an active stay at a hotel that transfers at once').toBeDefined();
  return stay!;
}

test('a refund by hand on the test dashboard refunds the order, in Chromium', async ({ page }) => {
  test.setTimeout(90_000);
  const buyer = await signInAsNewUser(page, 'buyer');
  await checkOut(page, await aStayHandedOverAtOnce(page));
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });

  // The dashboard is served with `Referrer-Policy: no-referrer`: Chromium posts its form with `Origin: null`.
  await page.goto('/test-checkout/dashboard');
  const row = page.getByRole('row').filter({ hasText: buyer });
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Refunded re_/);
  await expect(row).toContainText('Refunded (re_');

  await page.goto('/my-stays');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Refunded', { exact: true }).locator('visible=true').first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 45_000 });
});
