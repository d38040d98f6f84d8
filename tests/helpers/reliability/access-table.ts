import { LOCAL_ANON_KEY } from '../../../server/config-sections.ts';
import { TEST_PUBLIC_URL } from '../supabase-client.ts';

/**
 * WHO MAY CALL WHAT: one row per mounted route (`METHOD /path`, as Express has it). The authorization matrix
 * (tests/server/authorization-matrix.test.ts) sends each row's request as every actor, against every resource
 * state, and fails on a mounted route without a row, on a row without a route, and on any reply that lets an
 * actor outside `allowed` through. Adding a route: add its row here, one line.
 *
 * allowed:
 *  - anyone: public (or the capability is the secret id in the link, as the checkout page's)
 *  - signed-in: any live session
 *  - owner: the listing's seller (a path `:userId` is the seller's own id)
 *  - buyer: the buyer of the listing's order (a path `:userId` is the buyer's own id)
 *  - provider: only whoever holds a signature made with a server secret, or the secret itself (the payment
 *    provider's webhook, the hotel system's webhook token, an alert email's unsubscribe link): every actor is refused
 *  - stand-in: only Restay's own adapter, with the stand-in's credentials (every actor is refused)
 *  - hotel-admin: an admin of the world's hotel (its staff, another hotel's admin, sellers and guests are refused)
 *  - hotel-member: anyone working for the world's hotel, admin or staff
 */
export type Audience =
  'anyone' | 'signed-in' | 'owner' | 'buyer' | 'provider' | 'stand-in' | 'hotel-admin' | 'hotel-member';

/** The resources of one state of the world a request may name. */
export interface World {
  listingId: string;
  sessionId: string;
  ownerId: string;
  buyerId: string;
  /** A hotel whose admin and staff are the matrix's hotel actors. */
  hotelId: string;
  /** A staff member of that hotel, made for this world, whom an admin may remove. */
  removableMemberId: string;
  /** An open staff invitation of that hotel, made for this world. */
  inviteId: string;
  /** The id of whoever is calling (undefined for a guest). */
  callerId: string | undefined;
}

export interface AccessCall {
  path: string;
  body?: unknown;
}

export interface AccessRow {
  allowed: Audience;
  call: (world: World) => AccessCall;
  /** Only refusals are checked: an allowed call would end the caller's own session (signing out). */
  refusalsOnly?: true;
  /** Further statuses this route refuses with, beyond 401, 403 and 404 (each with its reason in the row). */
  alsoRefusesWith?: number[];
}

const checkoutUrls = {
  successUrl: `${TEST_PUBLIC_URL}/payment/success`,
  cancelUrl: `${TEST_PUBLIC_URL}/payment/cancel`,
};
const mews = { ClientToken: 'forged', AccessToken: 'forged', Client: 'x', Limitation: { Count: 10 } };
const card = { number: '4000000000000002', expiry: '12 / 34', cvc: '123', name: 'A' };
const row = (allowed: Audience, call: AccessRow['call'], extra: Partial<AccessRow> = {}): AccessRow => ({
  allowed,
  call,
  ...extra,
});
const at = (path: string, body?: unknown) => () => ({ path, body });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const ACCESS_TABLE: Record<string, AccessRow> = {
  'GET /api/health': row('anyone', at('/api/health')),
  'GET /api/config': row('anyone', at('/api/config')),
  'GET /api/openapi.json': row('anyone', at('/api/openapi.json')),
  'GET /api/docs': row('anyone', at('/api/docs')),
  'GET /robots.txt': row('anyone', at('/robots.txt')),
  'GET /sitemap.xml': row('anyone', at('/sitemap.xml')),
  'GET /api/listings': row('anyone', at('/api/listings')),
  'GET /api/rates': row('anyone', at('/api/rates')),
  'GET /api/listings/:id': row('anyone', (w) => ({ path: `/api/listings/${w.listingId}` })),
  'GET /api/listings/user/:userId': row('owner', (w) => ({ path: `/api/listings/user/${w.ownerId}` })),
  'POST /api/listings': row(
    'signed-in',
    at('/api/listings', { mewsReservationId: 'LIS-48213', listingPrice: 10, title: 'T' }),
  ),
  'PUT /api/listings/:id': row('owner', (w) => ({ path: `/api/listings/${w.listingId}`, body: { title: 'Changed' } })),
  'DELETE /api/listings/:id': row('owner', (w) => ({ path: `/api/listings/${w.listingId}` })),
  // It never sells: 409 to everyone whose order for the listing is not paid, without any data.
  'PATCH /api/listings/:id/purchase': row(
    'buyer',
    (w) => ({ path: `/api/listings/${w.listingId}/purchase`, body: {} }),
    {
      alsoRefusesWith: [409],
    },
  ),
  'GET /api/listings/purchased/:userId': row('buyer', (w) => ({ path: `/api/listings/purchased/${w.buyerId}` })),
  'POST /api/reservations/verify-combined': row(
    'signed-in',
    at('/api/reservations/verify-combined', { confirmationNumber: 'X-1', email: 'a@example.com' }),
  ),
  'POST /api/reservations/verify-email': row(
    'signed-in',
    at('/api/reservations/verify-email', { reservationId: 'X-1', userProvidedEmail: 'a@example.com' }),
  ),
  'POST /api/reservations/verify-code': row(
    'signed-in',
    at('/api/reservations/verify-code', { email: 'a@example.com', code: '000000' }),
  ),
  'POST /api/reservations/find': row('signed-in', at('/api/reservations/find', { reservationId: 'X-1' })),
  'GET /api/reservations/hotels': row('signed-in', at('/api/reservations/hotels?q=hotel')),
  'GET /api/reservations/:userId': row('owner', (w) => ({ path: `/api/reservations/${w.ownerId}` })),
  'POST /api/payment/create-checkout-session': row('signed-in', (w) => ({
    path: '/api/payment/create-checkout-session',
    body: { listingId: w.listingId, ...checkoutUrls },
  })),
  'POST /api/payment/create-session': row('signed-in', (w) => ({
    path: '/api/payment/create-session',
    body: { listing_id: w.listingId, success_url: checkoutUrls.successUrl, cancel_url: checkoutUrls.cancelUrl },
  })),
  'POST /api/payment/cancel': row('buyer', (w) => ({ path: '/api/payment/cancel', body: { sessionId: w.sessionId } })),
  'GET /api/payment/session-status/:sessionId': row('buyer', (w) => ({
    path: `/api/payment/session-status/${w.sessionId}`,
  })),
  'POST /api/payment/webhook': row(
    'provider',
    at('/api/payment/webhook', { id: 'evt_1', type: 'checkout.session.completed' }),
  ),
  'POST /api/payment/connect-webhook': row(
    'provider',
    at('/api/payment/connect-webhook', { id: 'evt_1', type: 'account.updated' }),
  ),
  // The hotel's system: only a call carrying the configured ?Token= gets through (a forged one is 401).
  'POST /api/mews/integration-webhook': row(
    'provider',
    at('/api/mews/integration-webhook?Token=forged', {
      Action: 'IntegrationDisabled',
      Data: { Integration: { Id: 'I' } },
    }),
  ),
  'GET /api/hotels': row('signed-in', at('/api/hotels')),
  // An unknown link is 404 to everyone: the capability is the link's token.
  'POST /api/hotels/claim': row('signed-in', at('/api/hotels/claim', { token: 'x'.repeat(43) })),
  // A link's preview is for someone signed out; an unknown link is 404 to everyone.
  'POST /api/hotels/claim/preview': row('anyone', at('/api/hotels/claim/preview', { token: 'x'.repeat(43) })),
  'GET /api/hotels/:hotelId': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}` })),
  'GET /api/hotels/:hotelId/members': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/members` })),
  'POST /api/hotels/:hotelId/members': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/members`,
    body: { email: `new-${w.removableMemberId}@example.com`, role: 'staff' },
  })),
  'DELETE /api/hotels/:hotelId/members/:userId': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/members/${w.removableMemberId}`,
  })),
  'DELETE /api/hotels/:hotelId/invites/:inviteId': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/invites/${w.inviteId}`,
  })),
  'GET /api/hotels/:hotelId/approvals': row('hotel-admin', (w) => ({ path: `/api/hotels/${w.hotelId}/approvals` })),
  'GET /api/hotels/:hotelId/lately': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/lately` })),
  'GET /api/hotels/:hotelId/stays': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/stays` })),
  'GET /api/hotels/:hotelId/report': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/report` })),
  'GET /api/hotels/:hotelId/report/transfers.csv': row('hotel-member', (w) => ({
    path: `/api/hotels/${w.hotelId}/report/transfers.csv`,
  })),
  'GET /api/hotels/:hotelId/demand': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/demand` })),
  'GET /api/hotels/:hotelId/payouts': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/payouts` })),
  'POST /api/hotels/:hotelId/payouts/onboarding': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/payouts/onboarding`,
    body: {},
  })),
  'GET /api/hotels/:hotelId/stay-approvals': row('hotel-member', (w) => ({
    path: `/api/hotels/${w.hotelId}/stay-approvals`,
  })),
  // The world's listing never waits for its hotel: a member's decision is 404 or 409, everyone else is refused.
  'POST /api/hotels/:hotelId/stay-approvals/:listingId/approve': row(
    'hotel-member',
    (w) => ({ path: `/api/hotels/${w.hotelId}/stay-approvals/${w.listingId}/approve`, body: {} }),
    { alsoRefusesWith: [409] },
  ),
  'POST /api/hotels/:hotelId/stay-approvals/:listingId/reject': row(
    'hotel-member',
    (w) => ({
      path: `/api/hotels/${w.hotelId}/stay-approvals/${w.listingId}/reject`,
      body: { reason: 'room_type_kept' },
    }),
    { alsoRefusesWith: [409] },
  ),
  // Nobody waits in the chain: the admin's own answer is 404, everyone else's a refusal.
  'POST /api/hotels/:hotelId/approvals/:inviteId': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/approvals/${w.inviteId}`,
  })),
  'POST /api/mews/webhook': row(
    'provider',
    at('/api/mews/webhook?Token=forged', { Events: [{ Discriminator: 'ServiceOrderUpdated', Value: { Id: 'R' } }] }),
  ),
  'GET /api/payouts/account': row('signed-in', at('/api/payouts/account')),
  'POST /api/payouts/onboarding': row('signed-in', at('/api/payouts/onboarding', {})),
  'GET /api/saved-searches': row('signed-in', at('/api/saved-searches')),
  'GET /api/hotels/:hotelId/policy': row('hotel-member', (w) => ({ path: `/api/hotels/${w.hotelId}/policy` })),
  'GET /api/hotels/:hotelId/policy/versions': row('hotel-member', (w) => ({
    path: `/api/hotels/${w.hotelId}/policy/versions`,
  })),
  // The tests' hotel system has no catalogue to read: its members get 502, everyone else is refused first.
  'GET /api/hotels/:hotelId/policy/catalog': row('hotel-member', (w) => ({
    path: `/api/hotels/${w.hotelId}/policy/catalog`,
  })),
  'PUT /api/hotels/:hotelId/policy': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/policy`,
    body: {
      policy: {
        resaleEnabled: true,
        rates: 'all',
        roomTypes: 'all',
        channels: ['direct'],
        cutOffHours: 48,
        blackouts: [],
        priceCapPercent: 100,
      },
    },
  })),
  'POST /api/hotels/:hotelId/policy/pause': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/policy/pause`,
    body: { confirm: true },
  })),
  'POST /api/hotels/:hotelId/policy/resume': row('hotel-admin', (w) => ({
    path: `/api/hotels/${w.hotelId}/policy/resume`,
    body: { confirm: true },
  })),
  'POST /api/saved-searches': row('signed-in', at('/api/saved-searches', {})),
  // No world holds a saved search: outsiders must be refused; the owner-only rule is in alerts-saved-searches.
  'PUT /api/saved-searches/:id': row('signed-in', at(`/api/saved-searches/${UNKNOWN_ID}`, { paused: true }), {
    refusalsOnly: true,
  }),
  'DELETE /api/saved-searches/:id': row('signed-in', at(`/api/saved-searches/${UNKNOWN_ID}`), { refusalsOnly: true }),
  // A link without the server's signature is refused with a 400 page.
  'GET /api/alerts/unsubscribe': row('provider', at('/api/alerts/unsubscribe?token=forged'), {
    alsoRefusesWith: [400],
  }),
  'POST /api/alerts/unsubscribe': row('provider', at('/api/alerts/unsubscribe?token=forged'), {
    alsoRefusesWith: [400],
  }),
  'POST /api/contact': row('anyone', at('/api/contact', { fullName: 'A', email: 'bad', phone: '1', consent: true })),
  'GET /api/photos': row('anyone', at('/api/photos?purpose=hero')),
  'GET /auth/v1/authorize': row('anyone', at('/auth/v1/authorize?provider=github')),
  'POST /auth/v1/authorize/dev': row('anyone', at('/auth/v1/authorize/dev?flow=unknown', { email: 'x' })),
  'POST /auth/v1/token': row('anyone', at('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'unknown' })),
  'GET /auth/v1/user': row('signed-in', at('/auth/v1/user')),
  'POST /auth/v1/logout': row('signed-in', at('/auth/v1/logout?scope=local'), { refusalsOnly: true }),
  'GET /auth/v1/.well-known/jwks.json': row('anyone', at('/auth/v1/.well-known/jwks.json')),
  // Row-level security: a guest reads no row (200, empty), a user only their own.
  'GET /rest/v1/profiles': row('anyone', (w) => ({
    path: `/rest/v1/profiles?select=first_name&id=eq.${w.callerId ?? w.ownerId}`,
  })),
  'POST /rest/v1/profiles': row('signed-in', (w) => ({
    path: '/rest/v1/profiles',
    body: { id: w.callerId ?? w.ownerId, first_name: 'Same' },
  })),
  'POST /v1/checkout/sessions': row('stand-in', at('/v1/checkout/sessions', { mode: 'payment' })),
  'GET /v1/checkout/sessions/:id': row('stand-in', (w) => ({ path: `/v1/checkout/sessions/${w.sessionId}` })),
  'POST /v1/checkout/sessions/:id/expire': row('stand-in', (w) => ({
    path: `/v1/checkout/sessions/${w.sessionId}/expire`,
  })),
  'POST /v1/refunds': row('stand-in', at('/v1/refunds', { payment_intent: 'pi_1' })),
  'GET /v1/refunds': row('stand-in', at('/v1/refunds?payment_intent=pi_1')),
  'GET /v1/payment_intents/:id': row('stand-in', at('/v1/payment_intents/pi_1')),
  'GET /v1/account': row('stand-in', at('/v1/account')),
  'POST /v1/accounts': row('stand-in', at('/v1/accounts', { controller: {} })),
  'GET /v1/accounts/:id': row('stand-in', at('/v1/accounts/acct_1')),
  'POST /v1/account_links': row('stand-in', at('/v1/account_links', { account: 'acct_1' })),
  'POST /v1/transfers': row('stand-in', at('/v1/transfers', { amount: '1' })),
  'GET /v1/transfers': row('stand-in', at('/v1/transfers?transfer_group=order-1')),
  'POST /v1/transfers/:id/reversals': row('stand-in', at('/v1/transfers/tr_1/reversals', {})),
  // The onboarding page stands in for the provider's hosted one: the capability is the link's secret id.
  'GET /test-checkout/connect/:linkId': row('anyone', at('/test-checkout/connect/acctlink_unknown')),
  'POST /test-checkout/connect/:linkId': row('anyone', at('/test-checkout/connect/acctlink_unknown', { name: 'A' })),
  // The test dashboard stands in for Stripe's (a person refunding by hand); stand-ins run only locally or in a demo.
  'GET /test-checkout/dashboard': row('anyone', at('/test-checkout/dashboard')),
  'POST /test-checkout/dashboard/payments/:paymentIntent/refund': row(
    'anyone',
    at('/test-checkout/dashboard/payments/pi_unknown/refund'),
  ),
  'GET /test-checkout/:id': row('anyone', (w) => ({ path: `/test-checkout/${w.sessionId}` })),
  'POST /test-checkout/:id/pay': row('anyone', (w) => ({ path: `/test-checkout/${w.sessionId}/pay`, body: card })),
  'POST /demo-mews/api/connector/v1/reservations/getAll/2023-06-06': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/reservations/getAll/2023-06-06', mews),
  ),
  'POST /demo-mews/api/connector/v1/tasks/add': row('stand-in', at('/demo-mews/api/connector/v1/tasks/add', mews)),
  'POST /demo-mews/api/connector/v1/serviceOrderNotes/add': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/serviceOrderNotes/add', mews),
  ),
  'POST /demo-mews/api/connector/v1/orders/add': row('stand-in', at('/demo-mews/api/connector/v1/orders/add', mews)),
  'POST /demo-mews/api/connector/v1/payments/addExternal': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/payments/addExternal', mews),
  ),
  'POST /demo-mews/api/connector/v1/customers/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/customers/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/resources/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/resources/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/resourceCategories/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/resourceCategories/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/services/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/services/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/rates/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/rates/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/rateGroups/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/rateGroups/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/configuration/get': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/configuration/get', mews),
  ),
  'POST /demo-mews/api/connector/v1/orderItems/getAll': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/orderItems/getAll', mews),
  ),
  'POST /demo-mews/api/connector/v1/customers/add': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/customers/add', { ...mews, LastName: 'X', OverwriteExisting: false }),
  ),
  'POST /demo-mews/api/connector/v1/reservations/updateCustomer': row(
    'stand-in',
    at('/demo-mews/api/connector/v1/reservations/updateCustomer', { ...mews, ReservationId: 'R', CustomerId: 'C' }),
  ),
  'GET /dev/pms': row('anyone', at('/dev/pms')),
  // The ECB's daily file as the rates stand-in serves it: public, like the ECB's own.
  'GET /ecb-standin/stats/eurofxref/eurofxref-daily.xml': row(
    'anyone',
    at('/ecb-standin/stats/eurofxref/eurofxref-daily.xml'),
  ),
  'GET /dev/pms.json': row('anyone', at('/dev/pms.json')),
  // The demo hotel's staff console: no world holds its reservations, so an unknown number (404) for everyone.
  'POST /dev/pms/:number/cancel': row('anyone', at('/dev/pms/NO-SUCH-1/cancel')),
  // "Connect a demo hotel": a form post, so the table's JSON body is an empty form (400 for everyone); a real
  // submit is in demo-hotel-connect.test.ts.
  'POST /dev/pms/connect-hotel': row('anyone', at('/dev/pms/connect-hotel', {})),
  // A demo hotel made slow: an enterprise the demo PMS does not have (404 for everyone); a real one in slow-hotel.test.ts.
  'POST /dev/pms/hotels/:enterpriseId/delay': row('anyone', at(`/dev/pms/hotels/${UNKNOWN_ID}/delay`, { delayMs: 0 })),
  'GET /dev/mailbox': row('anyone', at('/dev/mailbox')),
  'GET /dev/mailbox.json': row('anyone', at('/dev/mailbox.json')),
};

/** Headers every call carries: the anon key the built-in auth server and its REST twin expect, as supabase-js sends. */
export const BASE_HEADERS = { apikey: LOCAL_ANON_KEY, 'X-Supabase-Api-Version': '2024-01-01' };
