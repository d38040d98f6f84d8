import { expect, test, type Page } from '@playwright/test';

/**
 * Holds back the SPA's entry script until `release` is called, so the test acts on the page exactly as the server
 * drew it, as a visitor on a slow phone does. Also collects what the browser refused under the content policy.
 */
async function arriveBeforeTheScript(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { release, refused };
}

test.describe('a page the server drew, before its script has run', () => {
  test('a city typed and a search pressed are carried out once the script runs', async ({ page }) => {
    const { release, refused } = await arriveBeforeTheScript(page, '/');
    const search = page.getByRole('search', { name: 'Search hotel stays' });
    await search.getByLabel('Location').fill('Lisbon');
    await search.getByRole('button', { name: 'Search Hotels' }).click();
    // Held, not sent natively: the page has not moved.
    await expect(page).toHaveURL(/\/$/);
    await expect(search.getByLabel('Location')).toHaveValue('Lisbon');

    release();
    await expect(page).toHaveURL(/\/marketplace\?location=Lisbon$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('the menu pressed on a phone opens once the script runs @phone', async ({ page }) => {
    const { release, refused } = await arriveBeforeTheScript(page, '/marketplace');
    await page.getByRole('button', { name: 'Open menu' }).click();

    release();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'List Your Stay' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(refused).toEqual([]);
  });

  test('Filters pressed on a phone opens its panel with the price slider once the script runs @phone', async ({
    page,
  }) => {
    const { release } = await arriveBeforeTheScript(page, '/marketplace');
    // Held until the script takes the page over, then pressed again.
    await page.getByRole('button', { name: 'Filters' }).click();

    release();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Minimum price slider' })).toBeVisible();
  });
});
