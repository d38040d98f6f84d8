import { Router } from 'express';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { PublicConfig } from '../../contract/config.ts';

export function systemRouter({
  publicConfig,
  database,
}: {
  publicConfig: PublicConfig;
  database: DatabaseHandle;
}): Router {
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
    res.json({ success: true, data: publicConfig });
  });

  return router;
}
