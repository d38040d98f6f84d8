import { expect, type Page } from '@playwright/test';

/** The name of a demo hotel an e2e spec connected for its own run (hotel-join, hotel-approvals). */
const SPEC_OWN_HOTEL = / E2E /;

export interface DemoReservation {
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
 * booking site's relay), at the seeded demo hotels. Each device takes its own so both runs can list on the same
 * server. A hotel a spec connects for itself (named "... E2E <run>") is that spec's own: its policy (approval
 * first, a fee, a cut-off) would change what another spec's listing does.
 */
export async function listableReservations(page: Page): Promise<DemoReservation[]> {
  const reply = await page.request.get('/dev/pms.json');
  expect(reply.ok()).toBe(true);
  const all = ((await reply.json()) as { data: DemoReservation[] }).data;
  return all.filter(
    (stay) =>
      stay.state === 'Confirmed' &&
      Date.parse(stay.startUtc) > Date.now() &&
      stay.email.endsWith('@example.com') &&
      !SPEC_OWN_HOTEL.test(stay.hotelName),
  );
}

/** The newest verification code the dev mailbox holds for `email`. */
export async function codeSentTo(page: Page, email: string): Promise<string> {
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
export async function requestCode(page: Page, candidates: DemoReservation[], first: number): Promise<DemoReservation> {
  const refusals: string[] = [];
  for (const stay of [...candidates.slice(first), ...candidates.slice(0, first)]) {
    await page.getByLabel('Reservation ID / Confirmation Number').fill(stay.confirmationNumber);
    await page.getByLabel('Email Address on Reservation').fill(stay.email);
    // Each try waits for its own answer: the last try's alert is still on screen until this one's arrives.
    const answered = page.waitForResponse((reply) => reply.url().endsWith('/api/reservations/verify-combined'));
    await page.getByRole('button', { name: 'Verify Reservation' }).click();
    const answer = await answered;
    if (answer.ok()) {
      await expect(page.getByText('Verification email sent! Please check your inbox and spam folder.')).toBeVisible();
      return stay;
    }
    refusals.push(`${stay.confirmationNumber}: ${answer.status()} ${await answer.text()}`);
  }
  throw new Error(`No demo reservation could be verified:\n${refusals.join('\n')}`);
}
