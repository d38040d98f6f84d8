import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from './axe-check.ts';
import { codeSentTo } from './demo-data.ts';
import { bookFromStayPage, payWith } from './buying-steps.ts';
import { connectDemoHotel, hotelLinkFromMailbox, setUpLinkFromMailbox, type DemoStay } from './demo-hotel.ts';
import { signInAsNewUser, signInFromDialog } from './sign-in.ts';

/**
 * A say on each stay (ADR 0082), the hotel's fee (ADR 0090) and its report (ADR 0092), end to end. A new demo hotel
 * (connected for this run, so no other spec's hotel changes) publishes manual approval with a fee; a seller's
 * listing waits with the hotel's promise, the task is on the reservation in the demo PMS, a member of the hotel's
 * staff approves it in the console's Approvals and it is in the marketplace at its all-in total; a buyer pays price
 * and fee, the stay is put in their name, and the hotel's Payouts, month's Report and CSV show the fee; a second
 * listing is rejected and the seller reads why.
 */

/** Opens a hotel email's console link signed out, signs in as the address it was sent to, and is in the console. */
async function joinFromLink(page: Page, link: string, hotelName: string, email: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in to continue' }).click();
  await signInFromDialog(page, email);
  await expect(page.getByRole('heading', { level: 1, name: hotelName })).toBeVisible({ timeout: 20_000 });
}

/** Proves the stay the seller's and lists it; answers what the publish step then says. */
async function listStay(seller: Page, stay: DemoStay, title: string) {
  await seller.goto('/list-my-reservation');
  await seller.getByLabel('Reservation ID / Confirmation Number').fill(stay.number);
  await seller.getByLabel('Email Address on Reservation').fill(stay.email);
  await seller.getByRole('button', { name: 'Verify Reservation' }).click();
  await expect(seller.getByText('Verification email sent! Please check your inbox and spam folder.')).toBeVisible();
  await seller.getByLabel('6-digit Verification Code').fill(await codeSentTo(seller, stay.email));
  await seller.getByRole('button', { name: 'Submit Verification Code' }).click();
  const listingForm = seller.getByRole('form', { name: 'Create your listing' });
  await listingForm.getByLabel('Title').fill(title);
  await listingForm.getByLabel(/^Price/).fill('200');
  await listingForm.getByRole('button', { name: 'Create Listing' }).click();
  return seller.getByRole('status').filter({ hasText: 'Your listing has been created.' });
}

async function expectNoViolations(page: Page, state: string) {
  expect.soft(await wcagViolations(page), state).toEqual([]);
}

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`a hotel approves one stay and rejects another before anyone can buy them, then earns its fee and reports it (${device})${tag}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // Each run connects a hotel of its own, so the runs are independent and can be repeated on one server.
    const run = `${device}-${Date.now()}`;
    const hotelName = `Approvals E2E ${run}`;
    const adminEmail = `approvals-admin-${run}@example.com`;
    const staffEmail = `approvals-staff-${run}@example.com`;
    const stays = await connectDemoHotel(page, hotelName, adminEmail);
    await joinFromLink(page, await setUpLinkFromMailbox(page, hotelName, adminEmail), hotelName, adminEmail);

    // The admin publishes resale of direct and online-agency bookings, each stay approved by the hotel first.
    const nav = page.getByRole('navigation', { name: 'Hotel console' });
    await nav.getByRole('link', { name: 'Resale policy' }).click();
    const form = page.getByRole('form', { name: 'Resale policy' });
    await form.getByRole('checkbox', { name: /Allow resale of our bookings on Restay/ }).check();
    await form.getByRole('checkbox', { name: 'Online travel agencies (channel manager)' }).check();
    await form.getByRole('radio', { name: 'We approve each listing before anyone can buy it' }).check();
    // And a name-change fee of 25 in the hotel's currency, paid by the buyer with the price.
    await form.getByLabel("Fee per stay (in your hotel's currency, 0 for none)").fill('25');
    await expect(form.getByLabel('Hours we have to decide')).toHaveValue('24');
    await form.getByRole('button', { name: 'Publish policy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Version 1 is live.' })).toBeVisible();

    // The admin invites a member of the front desk as staff; they join from the invitation's email.
    await nav.getByRole('link', { name: 'Members' }).click();
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill(staffEmail);
    await invite.getByLabel('Role').selectOption('staff');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText(`Invitation sent to ${staffEmail}.`)).toBeVisible();
    const staff = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
    const invitation = await hotelLinkFromMailbox(staff, `Join ${hotelName} on Restay`, staffEmail);
    await joinFromLink(staff, invitation, hotelName, staffEmail);

    // The seller lists two stays; each waits, with the hotel's promise, in the publish step and in My Listings.
    const seller = await (await browser.newContext()).newPage();
    await signInAsNewUser(seller, 'seller');
    const waiting = `Waiting for ${hotelName} to approve. Hotels usually answer within 24 hours.`;
    const approvedTitle = `E2E ${run} stay to approve`;
    const rejectedTitle = `E2E ${run} stay to reject`;
    await expect(await listStay(seller, stays.direct, approvedTitle)).toContainText(waiting);
    await expect(await listStay(seller, stays.ota, rejectedTitle)).toContainText(waiting);
    await seller.goto('/my-listings');
    await expect(seller.getByText(waiting).first()).toBeVisible();
    const market = `/marketplace?hotelName=${encodeURIComponent(hotelName)}`;
    await seller.goto(market);
    await expect(seller.locator('article', { hasText: approvedTitle })).toHaveCount(0);

    // The front desk sees the task on the reservation in its own system.
    await expect(async () => {
      const pms = (await (await page.request.get('/dev/pms.json')).json()) as {
        data: { confirmationNumber: string; tasks: { name: string }[] }[];
      };
      const row = pms.data.find((reservation) => reservation.confirmationNumber === stays.direct.number);
      expect(row?.tasks.map((task) => task.name)).toContain('Restay: approve or reject a resale');
    }).toPass({ timeout: 20_000 });
    await page.goto('/dev/pms');
    await expect(page.getByRole('row', { name: new RegExp(stays.direct.number) })).toContainText(
      'Task: Restay: approve or reject a resale',
    );
    await page.goBack();

    // The staff member opens Approvals: both stays wait, with the reservation as the hotel holds it.
    await staff.getByRole('navigation', { name: 'Hotel console' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(staff.getByRole('heading', { name: 'Waiting for your approval' })).toBeVisible();
    await expect(staff.getByText(`${approvedTitle} · reservation ${stays.direct.number}`)).toBeVisible();
    await expect(staff.getByText(`${rejectedTitle} · reservation ${stays.ota.number}`)).toBeVisible();
    await expectNoViolations(staff, 'queue');

    await staff.getByRole('button', { name: `Approve ${approvedTitle}` }).click();
    await expect(staff.getByText(`${approvedTitle} · reservation`)).toHaveCount(0);
    await staff.getByRole('button', { name: `Reject ${rejectedTitle}` }).click();
    const rejectForm = staff.getByRole('form', { name: 'Reject this stay' });
    await rejectForm.getByRole('button', { name: 'Reject the stay' }).click();
    await expect(rejectForm.getByRole('alert')).toHaveText('Choose why you reject this stay.');
    await expectNoViolations(staff, 'reject form');
    await rejectForm.getByRole('radio', { name: 'The hotel keeps this room type' }).check();
    await rejectForm.getByLabel('A word for the seller (optional)').fill('Suites stay with us this season');
    await rejectForm.getByRole('button', { name: 'Reject the stay' }).click();
    await expect(staff.getByText('No stay is waiting for your approval.')).toBeVisible();
    const decisions = staff.getByRole('region', { name: 'Decisions' });
    await expect(decisions.getByRole('listitem')).toHaveCount(2);
    await expect(decisions.getByText(/Rejected: The hotel keeps this room type/)).toContainText(`by ${staffEmail}`);
    await expectNoViolations(staff, 'decisions');
    await staff.context().close();

    // The approved stay is in the marketplace; the seller reads why the other was rejected.
    await seller.goto(market);
    await expect(seller.locator('article', { hasText: approvedTitle })).toBeVisible();
    await seller.goto('/my-listings');
    await expect(
      seller.getByText(
        `${hotelName} did not approve this listing: the hotel keeps this room type. "Suites stay with us this season"`,
      ),
    ).toBeVisible();
    await seller.context().close();

    // A buyer sees the all-in total first (the price and the hotel's fee as its own line) and pays exactly it.
    const found = await page.request.get(`/api/listings?hotelName=${encodeURIComponent(hotelName)}`);
    const approved = ((await found.json()) as { data: { id: string; title: string }[] }).data.find(
      (stay) => stay.title === approvedTitle,
    );
    expect(approved, 'the approved stay on the market').toBeDefined();
    const buyer = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
    await signInAsNewUser(buyer, 'buyer');
    await buyer.goto(`/listings/${approved!.id}`);
    await expect(buyer.getByText(`Name-change fee, paid to ${hotelName}`).first()).toBeVisible();
    await bookFromStayPage(buyer, approved!);
    await expect(buyer.getByRole('button', { name: /^Pay \S/ })).toContainText('225.00');
    await payWith(buyer, '4242 4242 4242 4242');
    await expect(buyer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
    await buyer.goto('/my-stays');
    await expect(async () => {
      await buyer.reload();
      await expect(buyer.getByText('In your name', { exact: true }).locator('visible=true').first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 45_000 });
    await buyer.context().close();

    // The stay is in the buyer's name: the hotel is owed its fee until it sets up payouts.
    await page.getByRole('navigation', { name: 'Hotel console' }).getByRole('link', { name: 'Payouts' }).click();
    await expect(page.getByText('Owed to you')).toBeVisible();
    await expect(page.getByRole('row', { name: /€25 Owed: waiting for your payout account/ })).toBeVisible();
    await expectNoViolations(page, 'payouts');

    // The month's report counts the sale and its fee from the ledger; the CSV has the stay, price and fee.
    await page.getByRole('navigation', { name: 'Hotel console' }).getByRole('link', { name: 'Report' }).click();
    const figure = (name: string) => page.getByText(name, { exact: true }).locator('xpath=following-sibling::dd');
    await expect(figure('Sales')).toHaveText('1');
    await expect(figure('Transfers done')).toHaveText('1');
    await expect(figure('Fees earned')).toHaveText('€25.00');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the month’s transfers (CSV)' }).click();
    const rows = (await readFile(await (await downloading).path(), 'utf8')).trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,${stays.direct.number},`);
    expect(rows[1]).toContain(',200.00,25.00,');
    await expectNoViolations(page, 'report');
  });
}
