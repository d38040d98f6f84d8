import { expect, test, type Page } from '@playwright/test';
import { signInAsNewUser } from './sign-in.ts';

interface ApiListing {
  id: string;
  title: string;
  price: number;
  status: string;
  hotel_name: string | null;
}

/** The cheapest stay on the market now: earlier tests sell stays, so each test takes whatever is still active. */
async function stayOnTheMarket(page: Page): Promise<ApiListing> {
  const reply = await page.request.get('/api/listings?sort=price_asc&pageSize=20');
  expect(reply.ok()).toBe(true);
  const stays = ((await reply.json()) as { data: ApiListing[] }).data.filter((stay) => stay.status === 'active');
  expect(stays.length).toBeGreaterThan(0);
  return stays[0]!;
}

async function statusOf(page: Page, id: string): Promise<string> {
  const reply = await page.request.get(`/api/listings/${id}`);
  return ((await reply.json()) as { data: ApiListing }).data.status;
}

/** From the stay's page to the built-in test checkout: Book Now, the Pay Now panel, Pay Now. */
async function checkOut(page: Page, stay: ApiListing) {
  await page.goto(`/listings/${stay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
  // On a phone the price box starts below the screen, and the bar at the bottom offers Book Now.
  await page.getByRole('button', { name: 'Book Now' }).first().click();
  const panel = page.getByRole('region', { name: 'Review and pay' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(stay.title);
  await expect(page.getByText("You won't be charged yet")).toBeVisible();
  await panel.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/cardholder name/i).fill('Erika Mustermann');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`a buyer pays with a test card, is confirmed, and finds the stay in My Stays (${device})${tag}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsNewUser(page, 'buyer');
    const stay = await stayOnTheMarket(page);
    await checkOut(page, stay);
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toContainText(stay.price.toLocaleString('en-US'));

    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/booking/confirmation\\?listing=${stay.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    if (stay.hotel_name) await expect(page.getByRole('region', { name: 'Your stay' })).toContainText(stay.hotel_name);
    expect(await statusOf(page, stay.id)).toBe('sold');

    await page.getByRole('main').getByRole('link', { name: 'My Stays' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Stays' })).toBeVisible();
    const bought = page.locator(`a[href="/listings/${stay.id}"]`).locator('visible=true');
    await expect(bought).toHaveCount(1);
    await expect(page.getByText('Paid', { exact: true }).locator('visible=true')).toHaveCount(1);
    await bought.click();
    await expect(page.getByText('PURCHASED')).toBeVisible();
  });
}

test('a declined card changes nothing, and going back from the checkout returns the stay to the market', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsNewUser(page, 'buyer');
  const stay = await stayOnTheMarket(page);
  await checkOut(page, stay);
  expect(await statusOf(page, stay.id)).toBe('reserved');

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/test-checkout\//);
  expect(await statusOf(page, stay.id)).toBe('reserved');

  await page
    .getByRole('link', { name: /back|cancel/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/payment\/cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('No charges were made.')).toBeVisible();
  await expect.poll(() => statusOf(page, stay.id)).toBe('active');

  await page.getByRole('main').getByRole('link', { name: 'My Stays' }).click();
  await expect(page.getByText("You haven't bought any stays yet")).toBeVisible();
  await page.goto(`/listings/${stay.id}`);
  await expect(page.getByRole('button', { name: 'Book Now' }).first()).toBeVisible();
});

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`Cancel in the Pay Now panel keeps the buyer on the stay, with nothing held (${device})${tag}`, async ({
    page,
  }) => {
    await signInAsNewUser(page, 'buyer');
    const stay = await stayOnTheMarket(page);
    await page.goto(`/listings/${stay.id}`);
    // On a phone Book Now is in the bar at the bottom; the panel opens in the price box and comes into view.
    const bookNow =
      device === 'phone'
        ? page.getByRole('region', { name: 'Book this stay' }).getByRole('button', { name: 'Book Now' })
        : page.getByRole('button', { name: 'Book Now' });
    await bookNow.click();
    const panel = page.getByRole('region', { name: 'Review and pay' });
    await expect(panel).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment was cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' }).first()).toBeFocused();
    expect(await statusOf(page, stay.id)).toBe('active');
  });
}
