import { expect, test } from '@playwright/test';
import { checkOut, stayOnTheMarket, statusOf } from './buying-steps.ts';
import { signInAsNewUser } from './sign-in.ts';

test('a buyer holding a stay can go back to paying from another tab, and that tab’s cancel page releases it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsNewUser(page, 'buyer');
  const stay = await stayOnTheMarket(page);
  await checkOut(page, stay);
  expect(await statusOf(page, stay.id)).toBe('reserved');

  // A new tab shares the sign-in but none of the first tab's session storage.
  const otherTab = await page.context().newPage();
  await otherTab.goto(`/listings/${stay.id}`);
  await expect(otherTab.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
  await expect(otherTab.getByText('You have started paying for this stay.')).toBeVisible();
  await expect(otherTab.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(otherTab.getByText(/Someone is paying for this stay/)).toHaveCount(0);

  // The checkout's way back, reached in the tab that stored nothing: the server finds the buyer's own checkout.
  await otherTab.goto(`/payment/cancel?listing=${stay.id}`);
  await expect(otherTab.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
  await expect.poll(() => statusOf(otherTab, stay.id)).toBe('active');
  await otherTab.goto(`/listings/${stay.id}`);
  await expect(otherTab.getByRole('button', { name: 'Book Now' }).first()).toBeVisible();
});
