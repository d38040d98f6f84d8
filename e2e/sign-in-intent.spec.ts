import { expect, test, type Page } from '@playwright/test';

/** Signs in from the open sign-in dialog through the development sign-in page, with a fresh address. */
async function signInFromDialog(page: Page) {
  await page
    .getByRole('dialog', { name: 'Welcome to Restay' })
    .getByRole('button', { name: /Google/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(`intent-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('what a guest was doing survives signing in', () => {
  test('a guest who presses "Save this search" signs in and comes back to the dialog open on that search', async ({
    page,
  }) => {
    await page.goto('/marketplace?location=zurich');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await signInFromDialog(page);

    await expect(page).toHaveURL(/\/marketplace\?location=zurich$/);
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('zurich');
  });

  test('a guest who presses Book Now signs in and comes back to the Pay Now panel open', async ({ page }) => {
    await page.goto('/marketplace');
    const stay = page.locator('article').first().locator('a[href^="/listings/"]').first();
    const href = (await stay.getAttribute('href'))!;
    await page.goto(href);
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    await signInFromDialog(page);

    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('region', { name: 'Review and pay' })).toBeVisible();
  });
});
