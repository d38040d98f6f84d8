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
    test.setTimeout(90_000);
    const candidates = await listableReservations(page);
    expect(candidates.length).toBeGreaterThan(1);
    await signInAsNewUser(page, 'seller');

    await page.goto('/list-my-reservation');
    await expect(page.getByRole('heading', { name: 'Find your reservation' })).toBeVisible();
    const stay = await requestCode(page, candidates, device === 'phone' ? 1 : 0);
    await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, stay.email));
    await page.getByRole('button', { name: 'Submit Verification Code' }).click();

    const form = page.getByRole('form', { name: 'Create your listing' });
    await expect(form).toBeVisible();
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
    const price = Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.8));
    await form.getByLabel(/^Price/).fill(String(price));
    await form.getByRole('button', { name: 'Create Listing' }).click();

    await expect(page.getByText("Here's your listing!")).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

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
