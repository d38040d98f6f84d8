import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { publicConfigSchema, type PublicConfig } from '../../contract/config.ts';
import { PAYOUT_ACCOUNT_LABELS, payoutAccountHint } from '../../contract/payouts.ts';
import { exchangeRatesSchema, type ExchangeRates } from '../../contract/rates.ts';
import type { PhotoPurpose } from '../../contract/photos.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';

/** Where supabase-js points in web tests: the built-in auth server on the product's own origin. */
export const TEST_SUPABASE_URL = 'http://localhost:3000';
export const TEST_ANON_KEY = 'restay-local-anon-key';

/**
 * Every page loads the run-time config (the session provider needs it), and every visit to / asks for the
 * landing page's photos (answered as the API does with no Unsplash key), and My Listings reads the seller's
 * payout account (none yet, unless a test says otherwise); tests add what else they need.
 */
export const TEST_CONFIG: PublicConfig = {
  appName: 'Restay',
  publicUrl: TEST_SUPABASE_URL,
  environment: 'test',
  supabaseUrl: TEST_SUPABASE_URL,
  supabaseAnonKey: TEST_ANON_KEY,
  googleMapsApiKey: null,
  payments: { mode: 'local', publishableKey: null },
  demoMode: false,
  platformFeePercent: 0,
  payoutRelease: 'transferred',
  payoutCurrency: 'EUR',
};

/** GET /api/config's reply, checked against the contract so a test cannot serve a shape the API never sends. */
export function configReply(overrides: Partial<PublicConfig> = {}) {
  return HttpResponse.json({ success: true, data: publicConfigSchema.parse({ ...TEST_CONFIG, ...overrides }) });
}

/** GET /api/rates' rates in web tests: units per euro, as the ECB gives them. */
export const TEST_RATES: ExchangeRates = exchangeRatesSchema.parse({
  date: '2026-11-25',
  unitsPerEuro: { EUR: 1, USD: 1.1531, JPY: 181.41, CZK: 24.195, GBP: 0.88035 },
});

const defaults = [
  http.get('/api/rates', () => HttpResponse.json({ success: true, data: TEST_RATES })),
  http.get('/api/config', () => configReply()),
  http.get('/api/photos', ({ request }) => {
    const purpose = new URL(request.url).searchParams.get('purpose') as PhotoPurpose;
    return HttpResponse.json({ success: true, data: SHIPPED_PHOTOS[purpose] ?? [] });
  }),
  // The account menu asks whether the person works for a hotel: by default, for none.
  http.get('/api/hotels', () => HttpResponse.json({ success: true, data: { hotels: [] } })),
  http.get('/api/payouts/account', () =>
    HttpResponse.json({
      success: true,
      data: {
        status: 'not_set_up',
        label: PAYOUT_ACCOUNT_LABELS.not_set_up,
        hint: payoutAccountHint('not_set_up', 'transferred'),
      },
    }),
  ),
];

/** The API as seen by web tests; each test installs the handlers it needs with `server.use(...)`. */
export const server = setupServer(...defaults);
