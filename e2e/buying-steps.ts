import { expect, type Page } from '@playwright/test';

/** The steps of buying a stay that several journeys share. */

export interface ApiListing {
  id: string;
  title: string;
  price: number;
  status: string;
  hotel_name: string | null;
}

/** The cheapest stay on the market now: earlier tests sell stays, so each test takes whatever is still active. */
export async function stayOnTheMarket(page: Page): Promise<ApiListing> {
  const reply = await page.request.get('/api/listings?sort=price_asc&pageSize=20');
  expect(reply.ok()).toBe(true);
  const stays = ((await reply.json()) as { data: ApiListing[] }).data.filter((stay) => stay.status === 'active');
  expect(stays.length).toBeGreaterThan(0);
  return stays[0]!;
}

export async function statusOf(page: Page, id: string): Promise<string> {
  const reply = await page.request.get(`/api/listings/${id}`);
  return ((await reply.json()) as { data: ApiListing }).data.status;
}

/** From the stay's page to the built-in test checkout: Book Now, the Pay Now panel, Pay Now. */
export async function checkOut(page: Page, stay: ApiListing) {
  await page.goto(`/listings/${stay.id}`);
  await bookFromStayPage(page, stay);
}

/** On the stay's page, however the buyer got there: Book Now, the Pay Now panel, Pay Now, to the test checkout. */
export async function bookFromStayPage(page: Page, stay: Pick<ApiListing, 'title'>) {
  await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
  // On a phone the price box starts below the screen, and the bar at the bottom offers Book Now.
  await page.getByRole('button', { name: 'Book Now' }).first().click();
  const panel = page.getByRole('region', { name: 'Review and pay' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(stay.title);
  await expect(page.getByText("You won't be charged yet")).toBeVisible();
  // A new buyer's profile has no names yet: the hotel needs the guest's name as on their ID.
  await panel.getByRole('textbox', { name: 'First name' }).fill('Erika');
  await panel.getByRole('textbox', { name: 'Last name' }).fill('Mustermann');
  await panel.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
}

export async function payWith(page: Page, card: string) {
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/cardholder name/i).fill('Erika Mustermann');
  await page.getByRole('button', { name: /^Pay \S/ }).click();
}
