import { z } from 'zod';
import { successEnvelopeSchema } from './errors.ts';
import { PAYOUT_RELEASES } from './payouts.ts';

/**
 * The reply of GET /api/config: the public run-time configuration the SPA reads at start-up, so one build runs
 * in every deployment. Nothing here is secret: every key is one a browser is meant to hold.
 */
export const publicConfigSchema = z.object({
  appName: z.literal('Restay'),
  publicUrl: z.string().min(1),
  environment: z.enum(['development', 'production', 'test']),
  /** A browser key (restricted by HTTP referrer in the Google console); null shows the keyless map. */
  googleMapsApiKey: z.string().min(1).nullable(),
  /** Where supabase-js talks to: the Supabase project, or this product's own origin (built-in server). */
  supabaseUrl: z.string().min(1),
  supabaseAnonKey: z.string().min(1),
  /** How checkout runs: Stripe with its publishable key, or the local test checkout (no key). */
  payments: z.object({
    mode: z.enum(['stripe', 'local']),
    publishableKey: z.string().min(1).nullable(),
  }),
  /** A public demo on stand-ins (DEMO_MODE=true): every page shows a banner saying no money or hotel is real. */
  demoMode: z.boolean(),
  /** The platform's fee on each sale, in percent: a seller is shown what they receive before they list. */
  platformFeePercent: z.number().min(0).max(100),
  /** When sellers are paid (PAYOUT_RELEASE): the listing form tells a seller what a buyer's cancellation means. */
  payoutRelease: z.enum(PAYOUT_RELEASES),
  /**
   * The currency sellers are paid out in (the platform's settlement currency): a sale in another one is converted
   * by the payment provider on the day, which the seller is told before they list. Older servers leave it out.
   */
  payoutCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/config's reply. */
export const publicConfigReplySchema = successEnvelopeSchema(publicConfigSchema);
export type PublicConfigReply = z.output<typeof publicConfigReplySchema>;
