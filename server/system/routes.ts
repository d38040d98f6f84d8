import { Router } from 'express';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

/** Public run-time configuration the SPA reads at start-up, so one build runs in every deployment. */
export interface PublicConfig {
  appName: 'Restay';
  publicUrl: string;
  environment: Config['nodeEnv'];
  /** A browser key (restricted by HTTP referrer in the Google console), so it is public by design. */
  googleMapsApiKey: string | null;
  /** Where supabase-js talks to: the Supabase project, or this product's own origin (built-in server). */
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export function systemRouter(config: Config, database: DatabaseHandle): Router {
  const router = Router();

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
    const data: PublicConfig = {
      appName: 'Restay',
      publicUrl: config.publicUrl,
      environment: config.nodeEnv,
      googleMapsApiKey: config.googleMapsApiKey,
      supabaseUrl: config.auth.mode === 'supabase' ? config.auth.supabaseUrl : config.publicUrl,
      supabaseAnonKey: config.auth.anonKey,
    };
    res.json({ success: true, data });
  });

  return router;
}
