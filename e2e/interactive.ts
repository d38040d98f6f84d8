import { expect, type Page } from '@playwright/test';

/**
 * Waits until the script has taken over a page the server drew. Until then its buttons are markup only: a press
 * does nothing. The header shows who is there (Sign In, or the account menu) only once the script runs.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('button', { name: /^(Sign In|Account menu)$/ })).toBeVisible();
}
