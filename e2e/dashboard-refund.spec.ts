import { expect, test, type Page } from '@playwright/test';
import { checkOut, payWith, type ApiListing } from './buying-steps.ts';
import type { DemoReservation } from './demo-data.ts';
import { signInAsNewUser } from './sign-in.ts';

/** The demo hotel that refuses or delays transfers: a stay elsewhere is handed over at once. */
const SEEBLICK = 'Hotel Seeblick Zürich';

async function aStayHandedOverAtOnce(page: Page): Promise<ApiListing> {
  const reply = await page.request.get('/api/listings?sort=price_asc&pageSize=50');
  expect(reply.ok()).toBe(true);
  const stays = ((await reply.json()) as { data: ApiListing[] }).data;
  const stay = stays.find((candidate) => candidate.status === 'active' && candidate.hotel_name !== SEEBLICK);
  expect(stay, 'an active stay at a hotel that transfers at once').toBeDefined();
  return stay!;
}

/** Whom the demo hotel names on each reservation, by confirmation number. */
async function guestsAtHotel(page: Page): Promise<Map<string, string>> {
  const pms = (await (await page.request.get('/dev/pms.json')).json()) as { data: DemoReservation[] };
  return new Map(pms.data.map((reservation) => [reservation.confirmationNumber, reservation.email]));
}

async function mailTo(page: Page, email: string): Promise<{ subject: string; text: string }[]> {
  const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as {
    data: { to: string; subject: string; text: string }[];
  };
  return mailbox.data.filter((message) => message.to === email);
}

/** The order's badge on My Stays (the table's on a desktop), read again as the job worker moves it on. */
async function waitForBadge(page: Page, text: string) {
  await page.goto('/my-stays');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text, { exact: true }).locator('visible=true').first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 45_000 });
}

test('a refund by hand after the handover gives the stay back to the seller, in Chromium', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await guestsAtHotel(page);
  const buyer = await signInAsNewUser(page, 'buyer');
  const stay = await aStayHandedOverAtOnce(page);
  await checkOut(page, stay);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await waitForBadge(page, 'In your name');
  const number = [...(await guestsAtHotel(page))].find(([, email]) => email === buyer)?.[0];
  expect(number, 'the reservation the hotel now holds in the buyer’s name').toBeDefined();
  const seller = before.get(number!)!;

  // The dashboard is served with `Referrer-Policy: no-referrer`: Chromium posts its form with `Origin: null`.
  await page.goto('/test-checkout/dashboard');
  const row = page.getByRole('row').filter({ hasText: buyer });
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Refunded re_/);
  await expect(row).toContainText('Refunded (re_');

  // The reverse handover: the hotel names the seller again, and both sides are told.
  await expect.poll(async () => (await guestsAtHotel(page)).get(number!), { timeout: 45_000 }).toBe(seller);
  await expect
    .poll(async () => (await mailTo(page, seller)).map((message) => message.subject), { timeout: 30_000 })
    .toContain(`Your stay at ${stay.hotel_name} is yours again`);
  await expect
    .poll(async () => (await mailTo(page, buyer)).map((message) => message.subject), { timeout: 30_000 })
    .toContain(`Your refund for ${stay.hotel_name} is complete`);
  // What became of the seller's payout, in their email: taken back when it had been sent, else cancelled (the demo's
  // sellers have no payout account, so theirs waited for one and is cancelled).
  await expect
    .poll(async () => (await mailTo(page, seller)).find((m) => /was refunded$/.test(m.subject))?.text ?? '', {
      timeout: 30_000,
    })
    .toMatch(/has been taken back from your payout account|is cancelled: it had not been sent to you yet/);

  await waitForBadge(page, 'Refunded');
  await expect(
    page
      .getByText(
        `The reservation at ${stay.hotel_name} is no longer in your name: the hotel gave it back to the seller.`,
      )
      .locator('visible=true')
      .first(),
  ).toBeVisible();
  await page.goto(`/booking/confirmation?listing=${stay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your refund is complete' })).toBeVisible();
});
