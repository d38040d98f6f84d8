import { expect, test, type Page } from '@playwright/test';
import { formatMajorUnits } from '../contract/money-format.ts';
import { codeSentTo, listableReservations, requestCode } from './demo-data.ts';
import { signInAsNewUser } from './sign-in.ts';

const cardTitled = (page: Page, title: string) => page.locator('article', { hasText: title });

async function searchCity(page: Page, city: string) {
  await page.goto(`/marketplace?location=${encodeURIComponent(city)}`);
  // The results have arrived: a count of stays, or the empty state when the city has none (other journeys may
  // have bought or held its other stays).
  await expect(page.getByText(/^(?:[\d,]+\+? stays?|No stays available)$/).first()).toBeVisible();
}

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`a seller imports a demo reservation, lists it, finds it by city, edits the price, pauses and resumes it (${device})${tag}`, async ({
    page,
  }) => {
    // The whole journey, the stay's page and its map included: about 1.5 minutes on a busy runner before the map.
    test.setTimeout(150_000);
    // The narrowest common phone.
    if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    const candidates = await listableReservations(page);
    expect(candidates.length).toBeGreaterThan(1);
    await signInAsNewUser(page, 'seller');

    await page.goto('/list-my-reservation');
    await expect(page.getByRole('heading', { name: 'Find your reservation' })).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    const stay = await requestCode(page, candidates, device === 'phone' ? 1 : 0);
    await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
    await page.getByRole('button', { name: 'Submit Verification Code' }).click();

    const form = page.getByRole('form', { name: 'Create your listing' });
    await expect(form).toBeVisible();
    await expect(form.getByText('Step 3 of 3')).toBeVisible();
    await expect(form.getByText(stay.hotelName).first()).toBeVisible();
    if (stay.amountPaid !== null) {
      await expect(
        form.getByText(`You paid ${formatMajorUnits(stay.amountPaid, stay.currency)} at the hotel`),
      ).toBeVisible();
    }
    const title = `E2E ${device} room ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await expect(
      page.getByRole('complementary', { name: 'Preview' }).getByRole('heading', { name: title }),
    ).toBeVisible();
    // A reload (a phone dropping the tab) brings the seller back to this form with what they typed, no new code.
    await page.reload();
    await expect(form.getByLabel('Title')).toHaveValue(title);
    const priceField = form.getByLabel(/^Price/);
    if (stay.amountPaid !== null) {
      // Over the cap: said while typing, in the server's words, before any submit.
      await priceField.fill(String(stay.amountPaid + 1));
      await expect(
        form.getByText(/^(The asking price can be at most|.+ allows an asking price of at most)/),
      ).toBeVisible();
      await expect(priceField).toHaveAttribute('aria-invalid', 'true');
    }
    const price = Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.8));
    await priceField.fill(String(price));
    await expect(form.getByText(/^You receive /)).toBeVisible();
    await expect(priceField).not.toHaveAttribute('aria-invalid', 'true');

    // A few photos suggested for the hotel's place; the second chosen with the keyboard.
    const photos = form.getByRole('group', { name: 'Photo' }).getByRole('radio');
    await expect(photos).toHaveCount(4);
    await photos.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(photos.nth(1)).toBeChecked();
    const photo = await photos.nth(1).getAttribute('value');
    await form.getByRole('button', { name: 'Create Listing' }).click();

    await expect(page.getByText("Here's your listing!")).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The stay's page: its own photo (the chosen one) and nothing standing in for the hotel, what changes hands
    // (told to its seller), and the hotel on a map.
    await expect(page.getByRole('img', { name: title, exact: true })).toHaveAttribute('src', photo!);
    await expect(page.getByRole('list', { name: 'More photos' })).toHaveCount(0);
    const handover = page.getByRole('region', { name: 'What changes hands' });
    await expect(handover).toContainText(
      "When someone buys this stay, the hotel puts your reservation in the buyer's name; we email you, and your payout follows.",
    );
    await expect(handover).toContainText(/Guests\s*\d+ guests?/);
    await expect(handover).not.toContainText(/Room type\s*Not provided/);
    const where = page.getByRole('region', { name: "Where you'll stay" });
    await where.scrollIntoViewIfNeeded();
    await expect(where.locator('.leaflet-container')).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await searchCity(page, stay.city);
    await expect(cardTitled(page, title)).toBeVisible();

    await page.goto('/my-listings');
    const newPrice = price - 1;
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit listing' });
    await dialog.getByLabel(/^Price/).fill(String(newPrice));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes are saved.' })).toBeVisible();

    await page.getByRole('button', { name: `Pause ${title}` }).click();
    await expect(page.getByRole('button', { name: `Resume ${title}` })).toBeVisible();
    await searchCity(page, stay.city);
    await expect(cardTitled(page, title)).toHaveCount(0);

    await page.goto('/my-listings');
    await page.getByRole('button', { name: `Resume ${title}` }).click();
    await expect(page.getByRole('button', { name: `Pause ${title}` })).toBeVisible();
    await searchCity(page, stay.city);
    await expect(cardTitled(page, title)).toBeVisible();
    await expect(cardTitled(page, title)).toContainText(newPrice.toLocaleString('en-US'));
  });
}
