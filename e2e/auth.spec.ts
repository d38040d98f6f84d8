import { expect, test } from '@playwright/test';

test.describe('sign-in', () => {
  test('a guest opening /my-stays is asked to sign in to view stays and lands on /', async ({ page }) => {
    await page.goto('/my-stays');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Restay' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please sign in to view your stays.');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('signs in through the development page, edits the profile, keeps it after a reload, and signs out', async ({
    page,
  }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Google/ })
      .click();

    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toHaveText('E');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    await page.getByLabel('First name').fill('Erika');
    await page.getByLabel('Display name').fill('erika.travels');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Erika');
    await expect(page.getByLabel('Display name')).toHaveValue('erika.travels');

    await avatar.click();
    await expect(page.getByRole('menu')).toContainText(email);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
