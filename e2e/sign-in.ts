import { expect, type Page } from '@playwright/test';

/**
 * Signs a new person in through the development sign-in page (the built-in auth server) with a fresh address
 * such as `buyer-<time>-<n>@example.com`, and returns that address.
 */
export async function signInAsNewUser(page: Page, role: 'buyer' | 'seller'): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInFromDialog(page, email);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return email;
}

/** Goes on from the open sign-in dialog, through the development sign-in page, as `email`. */
export async function signInFromDialog(page: Page, email: string) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Google/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}
