import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHANNEL_LABELS, RESALE_CHANNELS } from '../contract/resale-policy.ts';
import { wcagViolations } from './axe-check.ts';
import { codeSentTo, type DemoReservation } from './demo-data.ts';
import { connectDemoHotel, setUpLinkFromMailbox, type DemoStay } from './demo-hotel.ts';
import { signInAsNewUser, signInFromDialog } from './sign-in.ts';

const DAY_MS = 86_400_000;

/** Resale's cut-off is 7 days: the journey only uses reservations whose check-in is further ahead than that. */
async function expectMoreThanAWeekAhead(page: Page, stays: DemoStay[]) {
  const reply = await page.request.get('/dev/pms.json');
  expect(reply.ok()).toBe(true);
  const all = ((await reply.json()) as { data: DemoReservation[] }).data;
  for (const stay of stays) {
    const found = all.find((row) => row.confirmationNumber === stay.number);
    expect(found?.state).toBe('Confirmed');
    expect(Date.parse(found!.startUtc) - Date.now()).toBeGreaterThan(7 * DAY_MS);
  }
}

/** "Only these:" of a rates or room types group shows the hotel's own, under its rate groups. */
async function expectHotelItems(selection: Locator, items: string[]) {
  await selection.getByRole('radio', { name: 'Only these:' }).check();
  for (const item of items) await expect(selection.getByRole('checkbox', { name: item, exact: true })).toBeVisible();
}

async function listingIdsAt(page: Page, hotelName: string): Promise<string[]> {
  const reply = await page.request.get(`/api/listings?hotelName=${encodeURIComponent(hotelName)}&pageSize=50`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { id: string }[] }).data.map((listing) => listing.id);
}

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`a hotel connects, its admin publishes a 7-day direct-only policy, a seller lists within it, and Pause all resale empties the marketplace (${device})${tag}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // Each run connects a hotel of its own, so the runs are independent and can be repeated on one server.
    const run = `${device}-${Date.now()}`;
    const hotelName = `Casa E2E ${run}`;
    const adminEmail = `hotel-admin-${run}@example.com`;

    const stays = await connectDemoHotel(page, hotelName, adminEmail);
    await expectMoreThanAWeekAhead(page, [stays.direct, stays.ota]);

    // The requestor opens the email's link: signed out, it names the hotel and the address it was sent to. They
    // sign in as that address and become the admin.
    const link = await setUpLinkFromMailbox(page, hotelName, adminEmail);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: `Join ${hotelName} on Restay` })).toBeVisible();
    await expect(page.getByText(`It was sent to ${adminEmail}`, { exact: false })).toBeVisible();
    expect.soft(await wcagViolations(page), 'the link opened signed out').toEqual([]);
    await page.getByRole('button', { name: 'Sign in to continue' }).click();
    await signInFromDialog(page, adminEmail);
    await expect(page.getByRole('heading', { level: 1, name: hotelName })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('You are an admin')).toBeVisible();

    await page.getByRole('navigation', { name: 'Hotel console' }).getByRole('link', { name: 'Resale policy' }).click();
    await expect(page.getByText('Nothing published yet: no booking at the hotel can be resold.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Resale policy' });
    const rates = form.getByRole('group', { name: 'Rates that may be resold' });
    await expectHotelItems(rates, ['Flexible', 'Non-refundable', 'Corporate']);
    await expect(rates.getByText('Public rates')).toBeVisible();
    await expect(rates.getByText('Negotiated rates')).toBeVisible();
    await rates.getByRole('radio', { name: 'Every rate' }).check();
    const roomTypes = form.getByRole('group', { name: 'Room types that may be resold' });
    await expectHotelItems(roomTypes, ['Double Room', 'Junior Suite']);
    await roomTypes.getByRole('radio', { name: 'Every room type' }).check();

    await form.getByRole('checkbox', { name: /Allow resale of our bookings on Restay/ }).check();
    const channels = form.getByRole('group', { name: 'Channels whose bookings may be resold' });
    // Direct bookings only, as a new hotel's form starts.
    for (const channel of RESALE_CHANNELS) {
      const box = channels.getByRole('checkbox', { name: CHANNEL_LABELS[channel], exact: true });
      if (channel === 'direct') await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    await form.getByLabel('Cut-off (hours before check-in)').fill('168');
    await form.getByRole('button', { name: 'Publish policy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Version 1 is live.' })).toBeVisible();
    await expect(page.getByTestId('policy-status')).toContainText(`Version 1 is live, published by ${adminEmail}`);

    // A seller, in a browser of their own: the OTA booking is refused with the hotel's sentence.
    const seller = await (await browser.newContext()).newPage();
    expect(seller.viewportSize()).toEqual(page.viewportSize());
    await signInAsNewUser(seller, 'seller');
    await seller.goto('/list-my-reservation');
    await expect(seller.getByRole('heading', { name: 'Find your reservation' })).toBeVisible();
    const verify = async (stay: DemoStay) => {
      await seller.getByLabel('Reservation ID / Confirmation Number').fill(stay.number);
      await seller.getByLabel('Email Address on Reservation').fill(stay.email);
      await seller.getByRole('button', { name: 'Verify Reservation' }).click();
    };
    await verify(stays.ota);
    await expect(seller.getByRole('alert')).toContainText(
      `${hotelName} does not allow resale of bookings made through an online travel agency.`,
    );

    // The direct booking lists, and its page carries the hotel's word.
    await verify(stays.direct);
    await expect(seller.getByText('Verification email sent! Please check your inbox and spam folder.')).toBeVisible();
    await seller.getByLabel('6-digit Verification Code').fill(await codeSentTo(seller, stays.direct.email));
    await seller.getByRole('button', { name: 'Submit Verification Code' }).click();
    const listingForm = seller.getByRole('form', { name: 'Create your listing' });
    await expect(listingForm).toBeVisible();
    const title = `E2E ${run} approved stay`;
    await listingForm.getByLabel('Title').fill(title);
    await listingForm.getByLabel(/^Price/).fill('300');
    await listingForm.getByRole('button', { name: 'Create Listing' }).click();
    await expect(seller).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
    const listingId = new URL(seller.url()).pathname.split('/').pop()!;
    await expect(seller.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(seller.getByRole('heading', { name: `Resale approved by ${hotelName}` })).toBeVisible();
    expect(await listingIdsAt(seller, hotelName)).toContain(listingId);
    const market = `/marketplace?hotelName=${encodeURIComponent(hotelName)}`;
    await seller.goto(market);
    await expect(seller.locator('article', { hasText: title })).toBeVisible();

    // The admin pauses all resale; once confirmed, the stay leaves the marketplace within a second.
    await page.getByRole('button', { name: 'Pause all resale' }).click();
    const confirm = page.getByRole('dialog', { name: `Pause all resale at ${hotelName}?` });
    await confirm.getByRole('button', { name: 'Yes, pause all resale' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All resale is paused. 1 listing hidden.' })).toBeVisible();
    const confirmedAt = Date.now();
    await expect
      .poll(() => listingIdsAt(seller, hotelName), { timeout: 1_000, intervals: [50, 100, 100, 200] })
      .not.toContain(listingId);
    expect(Date.now() - confirmedAt).toBeLessThanOrEqual(1_000);
    await seller.goto(market);
    await expect(seller.getByText(/^(?:[\d,]+\+? stays?|No stays available)$/).first()).toBeVisible();
    await expect(seller.locator('article', { hasText: title })).toHaveCount(0);
    await seller.context().close();

    // The Overview says so at a glance, with the stay put on sale lately; Demand counts who is waiting.
    const consoleNav = page.getByRole('navigation', { name: 'Hotel console' });
    await consoleNav.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Resale is paused' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lately' }).getByRole('listitem').first()).toContainText(
      'put on sale',
    );
    expect.soft(await wcagViolations(page), 'the console Overview').toEqual([]);
    // Stays lists the stay, paused with the rest.
    await consoleNav.getByRole('link', { name: 'Stays' }).click();
    const stayRows = page.getByRole('table', { name: 'The hotel’s stays on Restay' }).getByRole('row');
    await expect(stayRows).toHaveCount(2);
    await expect(stayRows.nth(1)).toContainText('Paused');
    expect.soft(await wcagViolations(page), 'the console Stays').toEqual([]);
    await consoleNav.getByRole('link', { name: 'Demand' }).click();
    const weeks = page.getByRole('table', { name: 'Saved searches a stay would match, per week' });
    await expect(weeks.getByRole('row')).toHaveCount(13);
    expect.soft(await wcagViolations(page), 'the console Demand').toEqual([]);

    // Report: this month's one listing, the year in a table beside its chart, and the transfers' CSV (none yet).
    await consoleNav.getByRole('link', { name: 'Report' }).click();
    await expect(page.getByRole('heading', { name: /^Report for / })).toBeVisible();
    await expect(page.getByText('Stays listed').locator('xpath=following-sibling::dd')).toHaveText('1');
    await expect(page.locator('.uplot canvas').first()).toBeVisible();
    const year = page.getByRole('table', { name: /per month, the last twelve months/ });
    await expect(year.getByRole('row')).toHaveCount(13);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the month’s transfers (CSV)' }).click();
    const csv = await downloading;
    expect(csv.suggestedFilename()).toMatch(/^restay-transfers-\d{4}-\d{2}\.csv$/);
    expect(await readFile(await csv.path(), 'utf8')).toMatch(/^order_id,confirmation_number,check_in,/);
    expect.soft(await wcagViolations(page), 'the console Report').toEqual([]);
  });
}
