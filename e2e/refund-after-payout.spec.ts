import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkOut, payWith, type ApiListing } from './buying-steps.ts';
import { codeSentTo, listableReservations, requestCode, type DemoReservation } from './demo-data.ts';
import { signInAsNewUser } from './sign-in.ts';

/** The demo hotel that refuses or delays transfers: a stay elsewhere is handed over at once. */
const SLOW_HOTEL = 'Hotel Seeblick Zürich';

/** Whom the demo hotel names on a reservation, by confirmation number. */
async function guestAtHotel(page: Page, confirmationNumber: string): Promise<string | undefined> {
  const pms = (await (await page.request.get('/dev/pms.json')).json()) as { data: DemoReservation[] };
  return pms.data.find((reservation) => reservation.confirmationNumber === confirmationNumber)?.email;
}

async function subjectsTo(page: Page, email: string): Promise<string[]> {
  const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as {
    data: { to: string; subject: string }[];
  };
  return mailbox.data.filter((message) => message.to === email).map((message) => message.subject);
}

/** My Listings, read again until `text` shows (the job worker moves the sale on in the background). */
async function waitOnMyListings(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.goto('/my-listings');
    await expect(page.getByText(text).locator('visible=true').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

/** A new seller lists a demo reservation (the `first`-th listable one or the next free) and sets up payouts. */
async function listWithPayouts(page: Page, first: number) {
  // The seeded stays (RST-…) are listed already and the other specs take demo reservations from the front: these
  // take theirs from the back, since every try counts against the seller's five codes in ten minutes.
  const candidates = (await listableReservations(page))
    .filter((stay) => stay.hotelName !== SLOW_HOTEL && !stay.confirmationNumber.startsWith('RST-'))
    .reverse();
  const seller = await signInAsNewUser(page, 'seller');
  await page.goto('/list-my-reservation');
  const stay = await requestCode(page, candidates, first);
  await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  const { title, estimate } = await createListing(page, stay);
  const listingId = /\/listings\/([0-9a-f-]+)/.exec(page.url())![1]!;

  await page.goto('/my-listings');
  const payouts = page.getByRole('region', { name: /^Payouts:/ });
  await payouts.getByRole('button', { name: 'Set up payouts' }).click();
  await page.getByLabel('Name on the account').fill('Sam Seller');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(payouts.getByRole('heading', { name: 'Payouts: ready' })).toBeVisible();
  return { seller, stay, title, listingId, estimate };
}

/** Lists the stay; answers its title and, for a stay not priced in euros, the form's payout estimate in euros. */
async function createListing(page: Page, stay: DemoReservation) {
  const form = page.getByRole('form', { name: 'Create your listing' });
  const title = `Refunded room ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel(/^Price/).fill(String(Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.9))));
  let estimate: number | null = null;
  if (stay.currency !== 'EUR') {
    const line = form.getByText(/^Paid out in euros at the payment provider's rate on the day: about €[\d,]+ today/);
    estimate = euros((await line.textContent())!.match(/about (€[\d,]+)/)![1]!);
  }
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
  return { title, estimate };
}

/** "€1,234.56" as a number of euros. */
const euros = (written: string) => Number(written.replace(/[€,]/g, ''));

async function buy(browser: Browser, listingId: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const buyer = await signInAsNewUser(page, 'buyer');
  const listing = (await (await page.request.get(`/api/listings/${listingId}`)).json()) as { data: ApiListing };
  await checkOut(page, listing.data);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await context.close();
  return buyer;
}

/**
 * After the seller was paid out, the payment is refunded from the test dashboard (pressed in the browser): the
 * hotel names the seller again, the payout is taken back and the seller is told, and (`relist`) the stay is listed
 * again.
 */
async function refundAfterThePayout(browser: Browser, page: Page, first: number, { relist }: { relist: boolean }) {
  const { seller, stay, title, listingId, estimate } = await listWithPayouts(page, first);
  const buyer = await buy(browser, listingId);
  await expect.poll(() => guestAtHotel(page, stay.confirmationNumber), { timeout: 45_000 }).toBe(buyer);
  await waitOnMyListings(page, /^Paid out \S+ (?:\(.+ converted\) )?on /);
  if (estimate !== null) {
    // The built-in checkout settles at the rates the site shows: the payout is the form's estimate, to the euro.
    const paid = await page
      .getByText(/^Paid out €[\d,.]+ \(/)
      .locator('visible=true')
      .first()
      .textContent();
    expect(Math.abs(euros(paid!.match(/€[\d,.]+/)![0]) - estimate)).toBeLessThanOrEqual(0.5);
  }

  await page.goto('/test-checkout/dashboard');
  const row = page.getByRole('row').filter({ hasText: buyer });
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Refunded re_/);

  await expect.poll(() => guestAtHotel(page, stay.confirmationNumber), { timeout: 45_000 }).toBe(stay.email);
  await expect
    .poll(() => subjectsTo(page, seller), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([`Your stay at ${stay.hotelName} is yours again`]));
  await waitOnMyListings(page, 'The reservation is back in your name at the hotel: you can list it again.');
  await expect(
    page.getByText(/^Payout of \S+ (?:\(.+ converted\) )?reversed: the stay was refunded$/).first(),
  ).toBeAttached();

  const listAgain = page
    .getByRole('link', { name: `List ${title} again` })
    .locator('visible=true')
    .first();
  await expect(listAgain).toBeVisible();
  if (!relist) return;
  // Listed again: the listing spent its proof, so the seller proves the reservation once more, with a new code.
  await listAgain.click();
  await requestCode(page, [stay], 0);
  await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  const relisted = await createListing(page, stay);
  // Withdrawn again, so the demo reservation is free for the specs after this one (they share the demo hotel's).
  await page.goto('/my-listings');
  await page
    .getByRole('button', { name: `Withdraw ${relisted.title}` })
    .locator('visible=true')
    .first()
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw Listing' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test('a dashboard refund after the payout gives the stay back to the seller, who lists it again', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await refundAfterThePayout(browser, page, 0, { relist: true });
});

test('on a phone, a dashboard refund after the payout gives the stay back to the seller @phone', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  // Listing again is the desktop test's: every code request counts against the suite's one address.
  await refundAfterThePayout(browser, page, 1, { relist: false });
});
