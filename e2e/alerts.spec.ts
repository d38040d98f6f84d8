import { expect, test, type Page } from '@playwright/test';
import { codeSentTo, listableReservations, requestCode } from './demo-data.ts';
import { signInAsNewUser } from './sign-in.ts';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

async function mailTo(page: Page, email: string): Promise<MailMessage[]> {
  const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as { data: MailMessage[] };
  return mailbox.data.filter((message) => message.to === email);
}

test('a buyer saves a search for a city, hears of a stay listed there, opens it, and unsubscribes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await (await browser.newContext()).newPage();
  const buyer = await (await browser.newContext()).newPage();

  // The seller proves a demo reservation theirs first: which one (and so its city) depends on what other
  // journeys listed already.
  const candidates = await listableReservations(seller);
  await signInAsNewUser(seller, 'seller');
  await seller.goto('/list-my-reservation');
  const stay = await requestCode(seller, candidates, 2);
  await seller.getByLabel('6-digit Verification Code').fill(await codeSentTo(seller, stay.email));
  await seller.getByRole('button', { name: 'Submit Verification Code' }).click();
  const form = seller.getByRole('form', { name: 'Create your listing' });
  await expect(form).toBeVisible();

  // The buyer saves a search for that city, to hear at once.
  const buyerEmail = await signInAsNewUser(buyer, 'buyer');
  await buyer.goto(`/marketplace?location=${encodeURIComponent(stay.city)}`);
  await buyer.getByRole('button', { name: 'Save this search' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByRole('radio', { name: /As soon as a matching stay is listed/ }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByRole('status')).toContainText('Saved. We will email you');

  // The seller lists the stay; the alert reaches the buyer through the dev mailbox.
  const title = `Alert e2e room ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel(/^Price/).fill(String(Math.max(1, Math.floor((stay.amountPaid ?? 200) * 0.8))));
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(seller).toHaveURL(/\/listings\/[0-9a-f-]+\?created=1$/);
  const listingPath = new URL(seller.url()).pathname;

  let alert: MailMessage | undefined;
  await expect(async () => {
    alert = (await mailTo(buyer, buyerEmail)).find((message) => message.subject.startsWith('New stay for'));
    expect(alert).toBeDefined();
  }).toPass({ timeout: 30_000 });
  const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(alert!.text)?.[1];

  // Its link opens the stay.
  expect(link('See the stay')).toMatch(new RegExp(`${listingPath}$`));
  await buyer.goto(link('See the stay')!);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Its unsubscribe link ends the alerts: the saved search is paused.
  await buyer.goto(link('Unsubscribe')!);
  await buyer.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(buyer.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await buyer.goto('/alerts');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(buyer.getByRole('article').first()).toContainText('Paused');
});
