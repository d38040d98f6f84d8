import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../../server/alerts/unsubscribe-token.ts';
import { openApiDocument } from '../../server/openapi/document.ts';
import { referencePage } from '../../server/openapi/reference-page.ts';
import { withHead } from '../../server/seo/page-head.ts';
import { devSignInPage } from '../../server/standins/sign-in/dev-sign-in-page.ts';
import { checkoutPage, closedCheckoutPage, dashboardPage } from '../../server/standins/stripe/checkout-page.ts';
import { onboardingPage } from '../../server/standins/stripe/connect-page.ts';
import type { StripeStandinSessionRow } from '../../server/db/schema.ts';
import { personWithSearch, testAlertDeps } from '../helpers/alerts.ts';
import { startSellingServer, type SellingServer } from '../helpers/selling.ts';

/**
 * Every page the server draws itself is fed values that would run script if they reached the page as markup
 * (text content and attribute values alike), through its page function or over HTTP, and must show them as text.
 */
const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = `"'><img src=x onerror=1>`;
const HOSTILE = `${SCRIPT}${ATTRIBUTE}`;

/** The page shows the hostile value only as text: neither tag nor a closed attribute survives. */
function expectInert(page: string) {
  expect(page).not.toContain('<script>alert');
  expect(page).not.toContain('<img');
  expect(page).not.toContain(`"'>`);
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=1&gt;');
}

describe('pages drawn by a page function', () => {
  const session = {
    id: HOSTILE,
    status: 'open',
    currency: 'eur',
    amount_total: 12_345,
    line_items: [{ name: HOSTILE, description: HOSTILE, quantity: 2, amount: 12_345, currency: 'eur' }],
    customer_email: HOSTILE,
    cancel_url: HOSTILE,
  } as unknown as StripeStandinSessionRow;

  it('test checkout: the stay, the customer, the way back, the typed values and the error', () => {
    const page = checkoutPage(session, {
      values: { number: HOSTILE, expiry: HOSTILE, name: HOSTILE },
      error: { field: 'name', message: HOSTILE },
    });
    expectInert(page);
    // The form is still the form.
    expect(page).toContain('<input id="number" name="number" inputmode="numeric"');
  });

  it('test dashboard and its closed-checkout page', () => {
    const payment = {
      paymentIntent: HOSTILE,
      amount: 100,
      currency: 'eur',
      customerEmail: HOSTILE,
      description: HOSTILE,
      paidAt: new Date(),
      formToken: HOSTILE,
    };
    expectInert(dashboardPage([{ ...payment, refundId: null }], { notice: HOSTILE, askOperatorToken: true }));
    expectInert(dashboardPage([{ ...payment, refundId: HOSTILE }]));
    expectInert(closedCheckoutPage(HOSTILE, HOSTILE, { href: HOSTILE, label: HOSTILE }));
  });

  it('Connect onboarding', () => {
    expectInert(onboardingPage({ businessName: HOSTILE, error: HOSTILE }));
  });

  it('development sign-in', () => {
    expectInert(devSignInPage(`/auth/v1/authorize/dev?flow=${HOSTILE}`, HOSTILE));
  });

  it('the API reference', () => {
    const document = openApiDocument('https://restay.example');
    const hostile = {
      ...document,
      info: { ...document.info, summary: HOSTILE, title: HOSTILE },
      tags: [{ name: HOSTILE }],
      paths: {
        [`/api/${HOSTILE}`]: {
          get: {
            summary: HOSTILE,
            description: HOSTILE,
            tags: [HOSTILE],
            parameters: [{ name: HOSTILE, in: 'query', required: false, description: HOSTILE }],
            responses: { '200': { description: HOSTILE } },
          },
        },
      },
    } as unknown as typeof document;
    expectInert(referencePage(hostile).body.toString());
  });

  it("a drawn page's head (a seller's title, the address)", () => {
    const index = '<html><head><title>Restay</title></head><body></body></html>';
    const head = withHead(index, { title: HOSTILE, description: HOSTILE, image: HOSTILE, private: true }, HOSTILE);
    expectInert(head);
  });
});

describe('pages served over HTTP', () => {
  let server: SellingServer;
  beforeAll(async () => {
    server = await startSellingServer();
  });
  afterAll(() => server.close());

  it('the dev mailbox: a mail whose every field came from a visitor', async () => {
    await server.database.db
      .insertInto('mail_outbox')
      .values({
        from_address: HOSTILE,
        to_address: HOSTILE,
        reply_to: HOSTILE,
        subject: HOSTILE,
        text_body: HOSTILE,
        headers: null,
      })
      .execute();
    const page = await server.request('/dev/mailbox');
    expect(page.status).toBe(200);
    expectInert(page.body);
  });

  it("the demo PMS: a hotel's name and city, a guest's email, a confirmation number", async () => {
    const db = server.database.db;
    const enterprise = randomUUID();
    await db
      .insertInto('demo_pms_enterprises')
      .values({
        id: enterprise,
        access_token: `hostile-${enterprise}`,
        service_id: randomUUID(),
        name: HOSTILE,
        address_line1: HOSTILE,
        postal_code: null,
        city: HOSTILE,
        country_code: 'BE',
        latitude: 51,
        longitude: 4,
        time_zone: 'Europe/Brussels',
        currency: 'EUR',
      })
      .execute();
    const customer = randomUUID();
    await db
      .insertInto('demo_pms_customers')
      .values({ id: customer, enterprise_id: enterprise, first_name: null, last_name: HOSTILE, email: HOSTILE })
      .execute();
    const category = randomUUID();
    await db
      .insertInto('demo_pms_resource_categories')
      .values({ id: category, enterprise_id: enterprise, name: 'Room', short_name: 'R', type: 'Room', capacity: 2 })
      .execute();
    await db
      .insertInto('demo_pms_reservations')
      .values({
        id: randomUUID(),
        enterprise_id: enterprise,
        number: HOSTILE,
        state: 'Confirmed',
        origin: 'Connector',
        channel_number: null,
        customer_id: customer,
        category_id: category,
        resource_id: null,
        adult_count: 2,
        scheduled_start_utc: new Date('2027-01-10T14:00:00Z'),
        scheduled_end_utc: new Date('2027-01-12T10:00:00Z'),
        created_utc: new Date('2026-10-01T10:00:00Z'),
        cancelled_utc: null,
      })
      .execute();
    const page = await server.request('/dev/pms');
    expect(page.status).toBe(200);
    expectInert(page.body);
    // The Cancel button's address carries the number encoded (its quote escaped), its label the number as text.
    expect(page.body).toContain(`action="/dev/pms/${encodeURIComponent(HOSTILE).replace("'", '&#39;')}/cancel"`);
  });

  it("unsubscribe: the saved search's name", async () => {
    const deps = testAlertDeps(server.database.db, () => new Date(), server.url, server.config.alertsSecret);
    const { searchId } = await personWithSearch(deps, { location: 'Bruges' });
    await server.database.db.updateTable('saved_searches').set({ name: HOSTILE }).where('id', '=', searchId).execute();
    const token = signUnsubscribeToken(deps.secret, { kind: 'search', id: searchId });
    const page = await server.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
    });
    expect(page.status).toBe(200);
    expectInert(page.body);
  });
});
