import { publicConfigSchema, type PublicConfig } from '../../contract/config.ts';
import type { Config } from '../config.ts';

/**
 * What the SPA may know of the server's configuration: GET /api/config's reply, which every page the API serves
 * also carries. Checked against the contract when the app is built: a reply the SPA would refuse fails the start.
 */
export function publicConfigOf(config: Config): PublicConfig {
  return publicConfigSchema.parse({
    appName: 'Restay',
    publicUrl: config.publicUrl,
    environment: config.nodeEnv,
    googleMapsApiKey: config.googleMapsApiKey,
    supabaseUrl: config.auth.mode === 'supabase' ? config.auth.supabaseUrl : config.publicUrl,
    supabaseAnonKey: config.auth.anonKey,
    payments: { mode: config.payments.mode, publishableKey: config.payments.publishableKey },
    demoMode: config.demoMode,
    platformFeePercent: config.payouts.feePercent,
    payoutRelease: config.payouts.release,
    payoutCurrency: config.settlementCurrency,
  } satisfies PublicConfig);
}
