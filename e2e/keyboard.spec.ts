import { expect, test, type Locator, type Page } from '@playwright/test';
import { statusOf, stayOnTheMarket } from './buying-steps.ts';
import { codeSentTo, listableReservations } from './demo-data.ts';

/**
 * The main journeys with the keyboard alone: no click, no fill. Tab moves through the page in its order,
 * Enter and Space act, and text is typed where the focus is; every step waits for the focus to arrive where a
 * keyboard user would expect it.
 */

/** Presses `key` (Tab by default) until `target` has the focus; fails if `max` presses do not reach it. */
async function tabTo(page: Page, target: Locator, { max = 80, key = 'Tab' } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${max} presses of ${key}`).toBeFocused();
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function signInWithTheKeyboard(page: Page): Promise<string> {
  const email = `keyboard-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: /Google/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await typeInto(page, page.getByLabel('Email'), email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return email;
}

test('a guest searches a city from the landing page and opens a stay with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  const search = page.getByRole('search', { name: 'Search hotel stays' });
  await typeInto(page, search.getByLabel('Location'), 'Lisbon');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?location=Lisbon$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();

  const firstStay = page.locator('main a[href^="/listings/"]').first();
  await expect(firstStay).toBeVisible();
  await tabTo(page, firstStay, { max: 120 });
  const href = await firstStay.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a traveller signs in, books and pays for a stay with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithTheKeyboard(page);
  const stay = await stayOnTheMarket(page);
  await page.goto(`/listings/${stay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Book Now' }).first());
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Review and pay' });
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  await typeInto(page, panel.getByRole('textbox', { name: 'First name' }), 'Erika');
  await typeInto(page, panel.getByRole('textbox', { name: 'Last name' }), 'Mustermann');
  await tabTo(page, panel.getByRole('button', { name: 'Pay Now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/test-checkout\//);

  await typeInto(page, page.getByLabel(/card number/i), '4242 4242 4242 4242');
  await typeInto(page, page.getByLabel(/expir/i), '12/34');
  await typeInto(page, page.getByLabel(/cvc/i), '123');
  await typeInto(page, page.getByLabel(/cardholder name/i), 'Erika Mustermann');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
  expect(await statusOf(page, stay.id)).toBe('sold');

  // The account menu opens from the keyboard and leads to the stay.
  await tabTo(page, page.getByRole('button', { name: 'Account menu' }), { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  const myStays = page.getByRole('menuitem', { name: 'My Stays' });
  await expect(myStays).toBeVisible();
  // A menu moves with the arrow keys, not Tab.
  await tabTo(page, myStays, { max: 10, key: 'ArrowDown' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My Stays' })).toBeVisible();
});

test('a seller proves a reservation theirs and lists it with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const candidates = await listableReservations(page);
  await signInWithTheKeyboard(page);
  await page.goto('/list-my-reservation');
  await expect(page.getByRole('heading', { name: 'Find your reservation' })).toBeVisible();

  // Step 1, moving on to the next demo reservation when another journey has listed this one already.
  const sent = page.getByText('Verification email sent! Please check your inbox and spam folder.');
  let stay: (typeof candidates)[number] | undefined;
  for (const candidate of candidates.slice(3)) {
    await typeInto(page, page.getByLabel('Reservation ID / Confirmation Number'), candidate.confirmationNumber);
    await typeInto(page, page.getByLabel('Email Address on Reservation'), candidate.email);
    await page.keyboard.press('Enter');
    await expect(sent.or(page.getByRole('alert'))).toBeVisible();
    if (await sent.isVisible()) {
      stay = candidate;
      break;
    }
  }
  expect(stay, 'a demo reservation nobody has listed').toBeDefined();

  // Step 2: the code, then the listing form.
  await typeInto(page, page.getByLabel('6-digit Verification Code'), await codeSentTo(page, stay!.email));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Create your listing' });
  await expect(form).toBeVisible();
  const title = `Keyboard room ${Date.now()}`;
  await typeInto(page, form.getByLabel('Title'), title);
  await typeInto(page, form.getByLabel(/^Price/), String(Math.max(1, Math.floor((stay!.amountPaid ?? 200) * 0.8))));
  await tabTo(page, form.getByRole('button', { name: 'Create Listing' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText("Here's your listing!")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
