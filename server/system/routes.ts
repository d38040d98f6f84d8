import { Router } from 'express';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { publicConfigSchema, type PublicConfig } from '../../contract/config.ts';

export function systemRouter({ config, database }: { config: Config; database: DatabaseHandle }): Router {
  const router = Router();
  // Checked against the contract once, when the app is built: a reply the SPA would refuse fails the start.
  const publicConfig = publicConfigSchema.parse({
    appName: 'Restay',
    publicUrl: config.publicUrl,
    environment: config.nodeEnv,
    googleMapsApiKey: config.googleMapsApiKey,
    supabaseUrl: config.auth.mode === 'supabase' ? config.auth.supabaseUrl : config.publicUrl,
    supabaseAnonKey: config.auth.anonKey,
    payments: { mode: config.payments.mode, publishableKey: config.payments.publishableKey },
    demoMode: config.demoMode,
    platformFeePercent: config.payouts.feePercent,
  } satisfies PublicConfig);

  router.get('/health', async (req, res) => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
    res.set('Cache-Control', 'no-store').json({ success: true, data: { status: 'ok', database: database.kind } });
  });

  router.get('/config', (_req, res) => {
    res.json({ success: true, data: publicConfig });
  });

  return router;
}
