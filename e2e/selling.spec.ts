import { expect, test, type Page } from '@playwright/test';
import { signInAsNewUser } from './sign-in.ts';

interface DemoReservation {
  confirmationNumber: string;
  email: string;
  hotelName: string;
  city: string;
  startUtc: string;
  state: string;
  amountPaid: number | null;
  currency: string;
}

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The demo PMS's reservations a seller may list: confirmed, check-in ahead, and with the guest's own email (not a
 * booking site's relay). Each device takes its own so both runs can list on the same server.
 */
async function listableReservations(page: Page): Promise<DemoReservation[]> {
  const reply = await page.request.get('/dev/pms.json');
  expect(reply.ok()).toBe(true);
  const all = ((await reply.json()) as { data: DemoReservation[] }).data;
  return all.filter(
    (stay) =>
      stay.state === 'Confirmed' && Date.parse(stay.startUtc) > Date.now() && stay.email.endsWith('@example.com'),
  );
}

/** The newest verification code the dev mailbox holds for `email`. */
async function codeSentTo(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as { data: MailMessage[] };
    const mail = mailbox.data.find((message) => message.to === email && /verification code/i.test(message.subject));
    code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

/** Step 1 with the `index`-th listable reservation, moving on when another run has listed it already. */
async function requestCode(page: Page, candidates: DemoReservation[], first: number): Promise<DemoReservation> {
  for (const stay of [...candidates.slice(first), ...candidates.slice(0, first)]) {
    await page.getByLabel('Reservation ID / Confirmation Number').fill(stay.confirmationNumber);
    await page.getByLabel('Email Address on Reservation').fill(stay.email);
    await page.getByRole('button', { name: 'Verify Reservation' }).click();
    const sent = page.getByText('Verification email sent! Please check your inbox and spam folder.');
    await expect(sent.or(page.getByRole('alert'))).toBeVisible();
    if (await sent.isVisible()) return stay;
  }
  throw new Error('No demo reservation could be verified');
}

const cardTitled = (page: Page, title: string) => page.locator('article', { hasText: title });

async function searchCity(page: Page, city: string) {
  await page.goto(`/marketplace?location=${encodeURIComponent(city)}`);
  await expect(page.locator('article').first()).toBeVisible();
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
    await expect(form.getByLabel('City')).toHaveValue(stay.city);
    if (stay.amountPaid !== null) {
      await expect(
        form.getByText(`You paid ${stay.amountPaid.toFixed(2)} ${stay.currency} at the hotel`),
      ).toBeVisible();
    }
    const title = `E2E ${device} room ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await expect(
      page.getByRole('complementary', { name: 'Preview' }).getByRole('heading', { name: title }),
    ).toBeVisible();
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
