import { expect, test } from '@playwright/test';

/** A day `n` days from today as the URL carries it, and as the date picker shows it. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const shown = (n: number) =>
  new Date(`${day(n)}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

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

  test('dates are chosen in the date picker, from the keyboard too, and searched', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search hotel stays' });
    const calendar = page.locator('.react-datepicker__month');
    await search.getByLabel('Location').fill('Rome');
    const checkIn = search.getByLabel('Check-in');
    await checkIn.click();
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(checkIn).toBeFocused();
    // An arrow opens the calendar, the next one enters it (today), one more goes a week on; Enter picks it.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
    await expect(calendar).toHaveCount(0);
    await expect(checkIn).toHaveValue(shown(7));
    await search.getByLabel('Check-out').fill(shown(9));
    await search.getByRole('button', { name: 'Search Hotels' }).click();
    await expect(page).toHaveURL(`/marketplace?location=Rome&startDate=${day(7)}&endDate=${day(9)}`);
  });

  test('on a phone the calendar opens whole on screen and picks a day @phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('search', { name: 'Search hotel stays' }).getByLabel('Check-out').tap();
    const calendar = page.locator('.react-datepicker');
    await expect(calendar).toBeVisible();
    const box = (await calendar.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await page.locator('.react-datepicker__day--today').tap();
    await expect(calendar).toHaveCount(0);
    await expect(page.getByLabel('Check-out')).toHaveValue(shown(0));
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
    // That is the drawn page before its script runs, so the script is held back: removing nodes React has taken
    // over would crash its next render (and replace the page with the error screen) whenever it re-rendered.
    await page.route('**/assets/*.js', (route) => route.abort());
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
