import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Keys a local run needs and nobody configures: the HMAC key of verification codes (unless CODE_HMAC_KEY is
 * set), the key hotels' access tokens are encrypted under (unless HOTEL_TOKEN_KEY is set), and the key and webhook signing secret the test checkout shares with the local `stripe` client. They
 * are random per data directory and kept there, so reading the source gives no way to forge a payment or
 * recompute a code; tests keep theirs in memory.
 */
export interface LocalSecrets {
  codeHmacKey: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** Signs the test checkout's connected-account events, as Stripe signs a Connect endpoint's with its own secret. */
  stripeConnectWebhookSecret: string;
  /** The `?Token=` the demo PMS appends to the webhook it sends, as Mews appends the one registered with it. */
  mewsWebhookToken: string;
  /** The `?Token=` the demo PMS appends to the integration events it sends (a hotel connecting). */
  mewsIntegrationWebhookToken: string;
  /** Encrypts hotels' access tokens in this data directory's database (32 bytes, hex). */
  hotelTokenKey: string;
}

const storedSchema = z.object({
  codeHmacKey: z.string().min(32),
  stripeSecretKey: z.string().startsWith('sk_test_'),
  stripeWebhookSecret: z.string().startsWith('whsec_'),
  stripeConnectWebhookSecret: z.string().startsWith('whsec_'),
  mewsWebhookToken: z.string().min(32),
  mewsIntegrationWebhookToken: z.string().min(32),
  hotelTokenKey: z.string().regex(/^[0-9a-f]{64}$/),
});

const FILE_NAME = 'local-secrets.json';

export function randomLocalSecrets(): LocalSecrets {
  const random = () => randomBytes(24).toString('hex');
  return {
    codeHmacKey: random(),
    stripeSecretKey: `sk_test_local_${random()}`,
    stripeWebhookSecret: `whsec_local_${random()}`,
    stripeConnectWebhookSecret: `whsec_local_connect_${random()}`,
    mewsWebhookToken: random(),
    mewsIntegrationWebhookToken: random(),
    hotelTokenKey: randomBytes(32).toString('hex'),
  };
}

/** The data directory's secrets, created on first use (0600: nobody else on the machine should read them). */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, FILE_NAME);
  let kept: unknown = null;
  if (existsSync(file)) {
    kept = JSON.parse(readFileSync(file, 'utf8'));
    const stored = storedSchema.safeParse(kept);
    if (stored.success) return stored.data;
  }
  // A file written before a secret existed keeps its valid keys (codes and payments stay valid); only what is
  // missing or bad is made new.
  const secrets = randomLocalSecrets();
  for (const key of Object.keys(storedSchema.shape) as (keyof LocalSecrets)[]) {
    const value = storedSchema.shape[key].safeParse((kept as Record<string, unknown> | null)?.[key]);
    if (value.success) secrets[key] = value.data;
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
