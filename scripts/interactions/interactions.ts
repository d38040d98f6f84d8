import { expect, type Browser, type Page } from '@playwright/test';
import { signInAsNewUser } from '../../e2e/sign-in.ts';

/** Something a visitor does first on a page: where (`open`) and what (`act`, done once the page has settled). */
export interface Interaction {
  name: string;
  /** Done by a signed-in buyer. */
  signedIn?: boolean;
  open(page: Page): Promise<unknown>;
  act(page: Page): Promise<unknown>;
}

/** The first stay on sale, as a guest's search lists it. */
async function firstStayPath(page: Page): Promise<string> {
  const reply = await page.request.get('/api/listings?sort=price_asc');
  const stays = ((await reply.json()) as { data: { id: string; status: string }[] }).data;
  const stay = stays.find((candidate) => candidate.status === 'active');
  if (!stay) throw new Error('the demo data has no stay on sale');
  return `/listings/${stay.id}`;
}

const landingSearch = (page: Page) => page.getByRole('search', { name: 'Search hotel stays' });

export const INTERACTIONS: readonly Interaction[] = [
  {
    name: 'open the filters',
    open: (page) => page.goto('/marketplace'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    },
  },
  {
    name: 'type a city',
    open: (page) => page.goto('/'),
    // Key by key, as a person types: each key press is an interaction; the longest is what they feel.
    act: (page) => landingSearch(page).getByLabel('Location').pressSequentially('Lisbon', { delay: 120 }),
  },
  {
    name: 'pick a check-in day',
    open: (page) => page.goto('/'),
    act: async (page) => {
      await landingSearch(page).getByLabel('Check-in').tap();
      const calendar = page.locator('.react-datepicker');
      await expect(calendar).toBeVisible();
      await calendar.locator('.react-datepicker__day--today').tap();
      await expect(calendar).toHaveCount(0);
    },
  },
  {
    name: 'press Book Now',
    signedIn: true,
    open: async (page) => page.goto(await firstStayPath(page)),
    act: async (page) => {
      // On a phone the bar at the bottom offers Book Now.
      await page.getByRole('button', { name: 'Book Now' }).first().tap();
      await expect(page.getByRole('region', { name: 'Review and pay' })).toBeVisible();
    },
  },
  {
    name: 'switch the currency',
    open: (page) => page.goto('/marketplace'),
    // A key press on the focused list picks the next currency (selectOption sets the value without an interaction).
    act: async (page) => {
      const currency = page.getByRole('combobox', { name: 'Show prices in' });
      const before = await currency.inputValue();
      await currency.focus();
      await page.keyboard.press('ArrowDown');
      await expect(currency).not.toHaveValue(before);
    },
  },
];

/** Signs a new buyer in through the development sign-in page once; answers the saved session's file. */
export async function signedInState(browser: Browser, base: string, file: string): Promise<string> {
  const context = await browser.newContext({ baseURL: base });
  try {
    await signInAsNewUser(await context.newPage(), 'buyer');
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}
