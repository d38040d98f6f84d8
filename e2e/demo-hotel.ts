import { expect, type Page } from '@playwright/test';

/** A reservation of a demo hotel: its confirmation number and guest email. */
export interface DemoStay {
  number: string;
  email: string;
}

/**
 * "Connect a demo hotel" on /dev/pms, as a hotel connecting Restay in the Mews Marketplace, and the hotel's
 * reservations the answer lists: the first booked directly and the first booked through an online travel agency.
 */
export async function connectDemoHotel(page: Page, hotelName: string, adminEmail: string) {
  await page.goto('/dev/pms');
  const connect = page.getByRole('region', { name: 'Connect a demo hotel' });
  await connect.getByLabel('Hotel name').fill(hotelName);
  await connect.getByLabel('Admin name').fill('Ana Ribeiro');
  await connect.getByLabel('Admin email').fill(adminEmail);
  await connect.getByRole('button', { name: 'Connect a demo hotel' }).click();
  await expect(page.getByRole('heading', { name: 'Demo hotel connected' })).toBeVisible();
  await expect(page.getByText('Restay accepted it')).toBeVisible();
  const stayBooked = async (how: string): Promise<DemoStay> => {
    const codes = page.getByRole('listitem').filter({ hasText: how }).first().locator('code');
    return { number: await codes.nth(0).innerText(), email: await codes.nth(1).innerText() };
  };
  return {
    direct: await stayBooked('booked directly with the hotel'),
    ota: await stayBooked('booked through an online travel agency'),
  };
}

/** The link of the email "Set up resale for <hotel> on Restay", read in /dev/mailbox (the job sends it soon). */
export function setUpLinkFromMailbox(page: Page, hotelName: string, adminEmail: string): Promise<string> {
  return hotelLinkFromMailbox(page, `Set up resale for ${hotelName} on Restay`, adminEmail);
}

/** The console link of the hotel email with this subject to `email`, read in /dev/mailbox once the job sent it. */
export async function hotelLinkFromMailbox(page: Page, subject: string, email: string): Promise<string> {
  const mail = page.locator('article', { has: page.getByRole('heading', { name: subject }) }).filter({
    hasText: `to ${email}`,
  });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const link = (await mail.locator('pre').innerText()).match(/https?:\/\/\S+\/hotel\/claim\?token=\S+/)?.[0];
  expect(link).toBeDefined();
  return link!;
}
