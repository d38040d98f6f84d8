import { expect, test, type Page } from '@playwright/test';
import { bookFromStayPage, payWith } from './buying-steps.ts';
import { codeSentTo, listableReservations, requestCode } from './demo-data.ts';
import { signInFromDialog } from './sign-in.ts';

/**
 * The second deployment in README's "Two ways to deploy": the SPA built with VITE_API_URL and served by a plain
 * static server on its own origin (http://localhost:<port>, see global-setup.ts), the API on another
 * (http://127.0.0.1:<port>, this suite's baseURL, where the demo hotel system and the dev mailbox also are).
 */
const spaOrigin = process.env.E2E_SPLIT_SPA_URL!;
const onSpa = (path: string) => `${spaOrigin}${path}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const onSpaUrl = (path: RegExp) => new RegExp(`^${escaped(spaOrigin)}${path.source}`);

async function signInOnSpa(page: Page, email: string) {
  await page.goto(onSpa('/'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signInFromDialog(page, email);
  // The sign-in page is the API's; it sends the person back to the SPA's origin, not to its own.
  await expect(page).toHaveURL(onSpaUrl(/\//));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

test('the SPA on a static host with the API elsewhere: search, sign in, list a stay, buy it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const candidates = await listableReservations(page);
  expect(candidates.length).toBeGreaterThan(0);

  // Search, as a guest: the static host's index.html, every call made across origins. Nothing is drawn by a server
  // here: the results wait on the entry, the page's chunk, the HTTP client's chunk and the search, one after another
  // (11 s in a trace on a 2-core machine loaded by other runs).
  await page.goto(onSpa('/marketplace'));
  await expect(page.getByText(/^[\d,]+\+? stays?$/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('article').first()).toBeVisible();

  // The seller signs in and lists a demo reservation.
  const seller = `split-seller-${Date.now()}@example.com`;
  await signInOnSpa(page, seller);
  await page.goto(onSpa('/list-my-reservation'));
  const stay = await requestCode(page, candidates, 2);
  // The code step's link to the dev mailbox opens the API's, where the code is.
  const mailbox = page.waitForEvent('popup');
  await page.getByRole('link', { name: '/dev/mailbox' }).click();
  await expect(await mailbox).toHaveURL(new RegExp(`^${escaped(process.env.E2E_BASE_URL!)}/dev/mailbox`));
  await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  const form = page.getByRole('form', { name: 'Create your listing' });
  const title = `Split deployment room ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel(/^Price/).fill(String(Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.8))));
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText("Here's your listing!")).toBeVisible();
  await expect(page).toHaveURL(onSpaUrl(/\/listings\/[0-9a-f-]+\?created=1$/));

  // A buyer, in a browser of their own, finds it by its city and pays for it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signInOnSpa(buyer, `split-buyer-${Date.now()}@example.com`);
  await buyer.goto(onSpa(`/marketplace?location=${encodeURIComponent(stay.city)}`));
  await buyer.locator('article', { hasText: title }).getByRole('link').click();
  await bookFromStayPage(buyer, { title });
  await payWith(buyer, '4242 4242 4242 4242');
  // The API's checkout returns the buyer to the SPA's origin, where the confirmation is.
  await expect(buyer).toHaveURL(onSpaUrl(/\/payment\/success\?session_id=/));
  await expect(buyer).toHaveURL(onSpaUrl(/\/booking\/confirmation\?listing=/), { timeout: 15_000 });
  await expect(buyer.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your stay' })).toContainText(stay.hotelName);
  await buyerContext.close();
});
