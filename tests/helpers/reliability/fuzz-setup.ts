import { insertListing, insertProfile } from '../factories.ts';
import { signedInClient } from '../supabase-client.ts';
import type { TestServer } from '../test-server.ts';
import { forgedBearerTokens } from './forged-credentials.ts';
import type { FuzzTarget } from './fuzz.ts';
import { mountedRoutes } from './mounted-routes.ts';
import { ROUTE_INPUTS } from './route-inputs.ts';

/**
 * A fuzz target over a running app with the built-in auth server and every stand-in: its routes from the
 * router stack, two signed-in users, a listing and an open test-checkout session whose ids path parameters
 * sometimes name.
 */
export async function prepareFuzzTarget(
  server: Pick<TestServer, 'url' | 'app' | 'database' | 'config'>,
): Promise<FuzzTarget> {
  const { db } = server.database;
  const users = await Promise.all(
    ['fuzz-one@example.com', 'fuzz-two@example.com'].map((email) => signedInClient(server.url, email)),
  );
  const sellerId = await insertProfile(db, { email: 'fuzz-seller@example.com' });
  const listingId = await insertListing(db, sellerId);
  const { id: sessionId } = await openTestCheckout(server);
  return {
    url: server.url,
    routes: mountedRoutes(server.app),
    inputs: ROUTE_INPUTS,
    userTokens: users.map((user) => user.session.access_token),
    forgedTokens: await forgedBearerTokens(`${server.config.publicUrl}/auth/v1`, users[0]!.user.id),
    knownIds: [listingId, sessionId, sellerId, users[0]!.user.id],
    webhookPath: '/api/payment/webhook',
    webhookSecret: server.config.localSecrets.stripeWebhookSecret,
    between: async () => {
      await db.deleteFrom('rate_limits').execute();
    },
  };
}

/** An open session at the built-in test checkout, created through its Stripe wire: its id and payment page. */
export async function openTestCheckout({
  url,
  config,
}: Pick<TestServer, 'url' | 'config'>): Promise<{ id: string; url: string }> {
  const form = new URLSearchParams({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'eur',
    'line_items[0][price_data][unit_amount]': '12000',
    'line_items[0][price_data][product_data][name]': 'Fuzz stay',
    success_url: `${url}/payment/success`,
    cancel_url: `${url}/payment/cancel`,
  });
  const response = await fetch(`${url}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${config.localSecrets.stripeSecretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  const session = (await response.json()) as { id?: string; url?: string };
  if (!session.id || !session.url) throw new Error(`the test checkout refused the session: ${JSON.stringify(session)}`);
  return { id: session.id, url: session.url };
}
