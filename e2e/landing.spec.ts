import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('a guest searches a city from the hero and lands on the filtered marketplace', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search hotel stays' });
    await search.getByLabel('Location').fill('Lisbon');
    await search.getByRole('button', { name: 'Search Hotels' }).click();
    await expect(page).toHaveURL(/\/marketplace\?location=Lisbon$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  });

  test('"Browse All" opens the bare marketplace', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('search', { name: 'Search hotel stays' }).getByLabel('Location').fill('Paris');
    await page.getByRole('button', { name: 'Browse All' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('a check-out before the check-in is refused with a visible message', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search hotel stays' });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    await search.getByLabel('Location').fill('Rome');
    await search.getByLabel('Check-in').fill(day(10));
    await search.getByLabel('Check-out').fill(day(8));
    await expect(search.getByRole('alert')).toHaveText('Check-out must be after check-in.');
    await search.getByRole('button', { name: 'Search Hotels' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor sends the contact form and sees the confirmation; the operator gets the email', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    // The form loads as its section nears the screen, as a visitor scrolling down brings it.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel(/Full name/).fill('Eve Traveller');
    await form.getByLabel(/Email/).fill('eve@example.com');
    await form.getByLabel(/Phone/).fill('+44 20 7946 0958');
    await form.getByLabel(/Message/).fill('Can I sell a stay booked for two rooms?');
    await form.getByLabel(/I agree/).check();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toContainText('Your message has been sent');
    await expect(form.getByLabel(/Full name/)).toHaveValue('');

    const mailbox = await (await request.get('/dev/mailbox.json')).json();
    expect(mailbox.data[0]).toMatchObject({
      to: 'hello@restay.travel',
      replyTo: 'eve@example.com',
      subject: 'Contact form: Eve Traveller',
    });
  });

  test('the header is transparent at the top of / and solid after scrolling', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.mouse.wheel(0, 800);
    await expect(header).toHaveAttribute('data-solid', 'true');
  });

  test('the header links reach About and How It Works from another page', async ({ page }) => {
    await page.goto('/marketplace');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('the first hero image is requested early and the hero shows a shipped photo', async ({ page }) => {
    await page.goto('/');
    // In the head, before any stylesheet or script is fetched (the drawn hero in the body asks for it again).
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('href', '/images/hero/seaside-resort.svg');
    const active = page.getByTestId('hero-background').locator('img[data-active="true"]');
    await expect(active).toHaveAttribute('src', /^\/images\/hero\/.+\.svg$/);
    // The hero may swap in the API's own photo set meanwhile: the photo it shows then loads too.
    await expect
      .poll(() => active.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('on a phone what arrives last does not move the header or the hero already painted @phone', async ({ page }) => {
    // A slow phone paints a page it is still parsing: the account slot and the end of the search form come later.
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const heading = page.getByRole('heading', { level: 1 });
    const positions = async () => ({
      menuButton: (await menuButton.boundingBox())!.x,
      heading: (await heading.boundingBox())!.y,
    });
    const complete = await positions();
    await page.evaluate(() => {
      document.querySelector('header > div > :last-child')!.remove();
      const form = document.querySelector('form[aria-label="Search hotel stays"]')!;
      while (form.children.length > 1) form.lastElementChild!.remove();
    });
    expect(await positions()).toEqual(complete);
  });
});
