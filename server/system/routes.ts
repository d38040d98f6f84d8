import { Router } from 'express';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseUnavailable } from '../http/error-handler.ts';
import type { PublicConfig } from '../../contract/config.ts';
import type { Clock } from '../clock.ts';
import { ratesStanding } from '../rates/rates-age.ts';
import { startingUp, type StartUp } from './start-up.ts';

export function systemRouter({
  publicConfig,
  database,
  clock,
  startUp,
}: {
  publicConfig: PublicConfig;
  database: DatabaseHandle;
  clock: Clock;
  startUp: StartUp;
}): Router {
  const router = Router();

  // Ready (200) only once every start-up step that changes an answer is done; until then 503 names the steps.
  router.get('/health', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const pending = startUp.pending();
    if (pending.length) throw startingUp(pending);
    let rates;
    try {
      rates = await ratesStanding(database.db, clock());
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable');
      throw databaseUnavailable();
    }
    // Old rates do not make the server unready: its estimates say their day. They are a detail for an operator.
    res.json({ success: true, data: { status: 'ok', database: database.kind, rates } });
  });

  router.get('/config', (_req, res) => {
    res.json({ success: true, data: publicConfig });
  });

  return router;
}
