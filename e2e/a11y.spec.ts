import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { wcagViolations } from './axe-check.ts';
import { codeSentTo, listableReservations, requestCode, type DemoReservation } from './demo-data.ts';

/**
 * WCAG 2.1 A and AA, as axe-core checks them, on every page and state a person can reach, at desktop and phone
 * widths. One journey per width walks PAGE_STATES in order (each state starts where the previous one left the
 * page, so a sign-in or a listing is made once) and checks the page after every step; a new screen is one more
 * entry in the list.
 */
// The journey is long and the machine shared: each state gets a generous wait before it counts as unreachable.
const expect = baseExpect.configure({ timeout: 15_000 });

interface Journey {
  page: Page;
  browser: Browser;
  phone: boolean;
  /** The demo reservation this width lists, the listing made from it, and the stay it buys. */
  reservation?: DemoReservation;
  listingUrl?: string;
  boughtUrl?: string;
}

interface PageState {
  name: string;
  /** A state only a large screen has (the Filters panel); every other state is checked at both widths. */
  desktopOnly?: true;
  reach(journey: Journey): Promise<void>;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function activeStay(page: Page, skip: string[] = []): Promise<string> {
  const reply = await page.request.get('/api/listings?sort=price_asc&pageSize=50');
  const stays = ((await reply.json()) as { data: { id: string; status: string }[] }).data;
  const stay = stays.find(
    (candidate) => candidate.status === 'active' && !skip.some((url) => url.endsWith(candidate.id)),
  );
  expect(stay).toBeDefined();
  return `/listings/${stay!.id}`;
}

async function openPayNow({ page, phone }: Journey) {
  const bookNow = phone
    ? page.getByRole('region', { name: 'Book this stay' }).getByRole('button', { name: 'Book Now' })
    : page.getByRole('button', { name: 'Book Now' });
  await bookNow.click();
  const panel = page.getByRole('region', { name: 'Review and pay' });
  await expect(panel).toBeVisible();
  // A new buyer's profile has no names yet: the hotel needs the guest's name as on their ID.
  await panel.getByRole('textbox', { name: 'First name' }).fill('Erika');
  await panel.getByRole('textbox', { name: 'Last name' }).fill('Mustermann');
}

async function fillCard(page: Page, card: string) {
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/cardholder name/i).fill('Erika Mustermann');
  await page.getByRole('button', { name: /^Pay \S/ }).click();
}

export const PAGE_STATES: PageState[] = [
  // A guest.
  {
    name: 'landing',
    reach: async ({ page }) => {
      await page.goto('/');
      await expect(heading(page, /./)).toBeVisible();
      // The contact form loads as its section nears the screen; it is checked too.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(page.getByRole('form', { name: 'Contact us' })).toBeAttached();
    },
  },
  {
    name: 'marketplace, list',
    reach: async ({ page }) => {
      await page.goto('/marketplace');
      await expect(page.locator('article').first()).toBeVisible();
    },
  },
  {
    name: 'marketplace, search opened',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Edit search' }).click();
      await expect(page.getByRole('textbox', { name: 'Location' })).toBeVisible();
    },
  },
  {
    name: 'marketplace, filter panel open',
    desktopOnly: true,
    reach: async ({ page }) => {
      await page.goto('/marketplace?location=zurich');
      await expect(page.locator('article').first()).toBeVisible();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    },
  },
  {
    name: 'marketplace, map',
    reach: async ({ page }) => {
      await page.keyboard.press('Escape');
      // Below the large breakpoint the list and the map take turns; above it both show.
      const mapToggle = page.getByRole('button', { name: 'Map', exact: true });
      if (await mapToggle.isVisible()) await mapToggle.click();
      await expect(page.locator('.restay-pin, .restay-cluster').first()).toBeVisible();
    },
  },
  {
    name: 'listing on sale, guest',
    reach: async ({ page }) => {
      await page.goto(await activeStay(page));
      await expect(page.getByRole('button', { name: 'Book Now' }).first()).toBeVisible();
    },
  },
  {
    name: 'sign-in dialog',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome to Restay' })).toBeVisible();
    },
  },
  {
    name: 'built-in sign-in page',
    reach: async ({ page }) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Google/ })
        .click();
      await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    },
  },
  // Signed in (the journey signs in as a new seller, who later buys a stay too).
  {
    name: 'profile',
    reach: async ({ page }) => {
      await page.getByLabel('Email').fill(`a11y-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await page.goto('/profile');
      await expect(page.getByLabel('First name')).toBeVisible();
    },
  },
  {
    name: 'account menu',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'selling step 1, with an error',
    reach: async ({ page }) => {
      await page.keyboard.press('Escape');
      await page.goto('/list-my-reservation');
      await page.getByLabel('Reservation ID / Confirmation Number').fill('NO-SUCH-STAY');
      await page.getByLabel('Email Address on Reservation').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Verify Reservation' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'selling step 2',
    reach: async (journey) => {
      const candidates = await listableReservations(journey.page);
      journey.reservation = await requestCode(journey.page, candidates, journey.phone ? 3 : 2);
      await expect(journey.page.getByLabel('6-digit Verification Code')).toBeVisible();
    },
  },
  {
    name: 'selling step 2, with an error',
    reach: async ({ page }) => {
      await page.getByLabel('6-digit Verification Code').fill('000000');
      await page.getByRole('button', { name: 'Submit Verification Code' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'listing form',
    reach: async ({ page, reservation }) => {
      await page.getByLabel('6-digit Verification Code').fill(await codeSentTo(page, reservation!.email));
      await page.getByRole('button', { name: 'Submit Verification Code' }).click();
      await expect(page.getByRole('form', { name: 'Create your listing' })).toBeVisible();
    },
  },
  {
    name: 'listing form, with errors',
    reach: async ({ page }) => {
      const form = page.getByRole('form', { name: 'Create your listing' });
      await form.getByLabel('Title').fill('');
      await form.getByRole('button', { name: 'Create Listing' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'own listing, just created',
    reach: async (journey) => {
      const { page } = journey;
      const form = page.getByRole('form', { name: 'Create your listing' });
      await form.getByLabel('Title').fill(`Accessible stay ${Date.now()}`);
      await form.getByLabel(/^Price/).fill('120');
      await form.getByRole('button', { name: 'Create Listing' }).click();
      await expect(page.getByText("Here's your listing!")).toBeVisible();
      journey.listingUrl = new URL(page.url()).pathname;
    },
  },
  {
    name: 'My Listings',
    reach: async ({ page }) => {
      await page.goto('/my-listings');
      await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    },
  },
  {
    name: 'My Listings, edit dialog',
    reach: async ({ page }) => {
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit listing' })).toBeVisible();
    },
  },
  {
    name: 'My Stays, empty',
    reach: async ({ page }) => {
      await page.keyboard.press('Escape');
      await page.goto('/my-stays');
      await expect(heading(page, 'My Stays')).toBeVisible();
    },
  },
  {
    name: 'Pay Now panel',
    reach: async (journey) => {
      journey.boughtUrl = await activeStay(journey.page, [journey.listingUrl!]);
      await journey.page.goto(journey.boughtUrl);
      await openPayNow(journey);
    },
  },
  {
    name: 'test checkout page, with a declined card',
    reach: async ({ page }) => {
      await page.getByRole('region', { name: 'Review and pay' }).getByRole('button', { name: 'Pay Now' }).click();
      await expect(page).toHaveURL(/\/test-checkout\//);
      await fillCard(page, '4000 0000 0000 0002');
      await expect(page.getByText('Your card was declined.')).toBeVisible();
    },
  },
  {
    name: 'listing held by someone else',
    reach: async ({ page, browser, boughtUrl }) => {
      // Another visitor, in a browser of their own, opens the stay this person is paying for.
      const other = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: page.viewportSize() });
      const otherPage = await other.newPage();
      await otherPage.goto(boughtUrl!);
      await expect(otherPage.getByText('Someone is paying for this stay')).toBeVisible();
      const violations = await wcagViolations(otherPage);
      await other.close();
      expect.soft(violations, 'listing held by someone else').toEqual([]);
    },
  },
  {
    name: 'payment cancelled',
    reach: async ({ page }) => {
      await page
        .getByRole('link', { name: /back|cancel/i })
        .first()
        .click();
      await expect(heading(page, 'Payment Cancelled')).toBeVisible();
    },
  },
  {
    name: 'test checkout page',
    reach: async (journey) => {
      await journey.page.goto(journey.boughtUrl!);
      await openPayNow(journey);
      await journey.page
        .getByRole('region', { name: 'Review and pay' })
        .getByRole('button', { name: 'Pay Now' })
        .click();
      await expect(journey.page).toHaveURL(/\/test-checkout\//);
    },
  },
  {
    name: 'listing held by you',
    reach: async ({ page, boughtUrl }) => {
      const checkout = page.url();
      await page.goto(boughtUrl!);
      await expect(page.getByRole('main')).toBeVisible();
      await page.goto(checkout);
    },
  },
  {
    name: 'booking confirmation',
    reach: async ({ page }) => {
      await fillCard(page, '4242 4242 4242 4242');
      await expect(heading(page, 'Congratulations!')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'My Stays, with a stay',
    reach: async ({ page }) => {
      await page.goto('/my-stays');
      await expect(page.getByText('Paid', { exact: true }).locator('visible=true')).toHaveCount(1);
    },
  },
  {
    name: 'listing sold (to you)',
    reach: async ({ page, boughtUrl }) => {
      await page.goto(boughtUrl!);
      await expect(page.getByText('PURCHASED')).toBeVisible();
    },
  },
  // The development pages.
  {
    name: 'dev mailbox',
    reach: async ({ page }) => {
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
    },
  },
  {
    name: 'demo PMS',
    reach: async ({ page }) => {
      await page.goto('/dev/pms');
      await expect(page.getByRole('heading', { name: 'Demo PMS' })).toBeVisible();
      // Reflow: the table may scroll sideways on a phone, but the text of its caption ends within the screen.
      const caption = await page.locator('caption span').boundingBox();
      expect(caption!.x + caption!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    },
  },
];

// A state that cannot be reached fails its step soon instead of holding the journey until its timeout.
test.use({ actionTimeout: 15_000 });

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`every page state passes WCAG 2.1 A and AA (${device})${tag}`, async ({ page, browser }) => {
    test.setTimeout(600_000);
    const journey: Journey = { page, browser, phone: device === 'phone' };
    for (const state of PAGE_STATES.filter((each) => device === 'desktop' || !each.desktopOnly)) {
      await test.step(state.name, async () => {
        await state.reach(journey);
        // Readable on a phone: every page, the server's own included, sizes itself to the screen.
        await expect.soft(page.locator('meta[name="viewport"]'), state.name).toHaveCount(1);
        expect.soft(await wcagViolations(page), state.name).toEqual([]);
      });
    }
  });
}
