import { expect, test, type Page } from '@playwright/test';
import { signInAsNewUser } from './sign-in.ts';

test.describe('foundation smoke', () => {
  test('home renders with the header transparent at the top and solid after scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-solid', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');
  });

  test('the footer shows contact details and opening hours', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer).toContainText('hello@restay.travel');
    await expect(footer).toContainText('Mon–Fri');
  });

  test('the marketplace shows demo listings and opens one', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.locator('header').first()).toHaveAttribute('data-solid', 'true');
    const cards = page.locator('a[href^="/listings/"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    const title = (await cards.first().textContent())?.trim() ?? '';
    await cards.first().click();
    await expect(page).toHaveURL(/\/listings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('an unknown route answers 404 and shows the not-found page, and /my-reservations goes to /my-stays', async ({
    page,
  }) => {
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // A guest passes through /my-stays (its sign-in message says so) and, being a guest, lands on /.
    await page.goto('/my-reservations');
    await expect(page.getByRole('dialog', { name: 'Welcome to Restay' })).toContainText(
      'Please sign in to view your stays.',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown listing id answers 404 and says the listing is not found', async ({ page }) => {
    expect((await page.goto('/listings/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Listing Not Found' })).toBeVisible();
  });

  test('the phone layout opens the menu from the hamburger @phone', async ({ page }) => {
    await page.goto('/marketplace');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'List Your Stay' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('the public pages arrive drawn, and the SPA takes them over without redrawing them', async ({ page }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    const firstCard = async () => {
      await page.goto('/marketplace');
      return (await page.locator('a[href^="/listings/"]').first().getAttribute('href')) ?? '';
    };
    const stay = await firstCard();
    const drawn = {
      '/': 'Hotel stays, passed on to travellers who can use them.',
      '/marketplace': stay,
      [stay]: 'Restay',
    };
    for (const [path, text] of Object.entries(drawn)) {
      const root = /<div id="root">([\s\S]*?)<\/div>\s*(?:<script|<\/body>)/.exec(
        await (await page.request.get(path)).text(),
      );
      expect(root?.[1], path).toContain(text);
    }

    // A guest, then a signed-in person: React reports markup it could not take over as an uncaught error.
    await visitPublicPages(page, stay, 'Sign In');
    await signInAsNewUser(page, 'buyer');
    await visitPublicPages(page, stay, 'Account menu');
    expect(uncaught).toEqual([]);
  });
});

/** Opens each public page and waits until the header shows who is there, which only the SPA knows. */
async function visitPublicPages(page: Page, stay: string, headerButton: string) {
  for (const path of ['/', '/marketplace', stay]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: headerButton })).toBeVisible();
  }
}
