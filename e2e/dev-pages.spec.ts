import { expect, test } from '@playwright/test';

test.describe('development pages', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the demo PMS table fits a 1280-pixel screen without scrolling sideways', async ({ page }) => {
    await page.goto('/dev/pms');
    await expect(page.getByRole('heading', { name: 'Demo PMS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'List Your Stay' })).toHaveAttribute('href', '/list-my-reservation');
    const table = page.getByRole('region', { name: 'Demo reservations' });
    const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});
