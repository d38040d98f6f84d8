import { Router } from 'express';
import { SHIPPED_EUROFXREF_DAILY } from './eurofxref-daily.ts';

/** Where the ECB serves its daily file; the stand-in serves it at the same path under its mount point. */
export const ECB_DAILY_FILE_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/**
 * The ECB's daily reference rates file, served locally for offline development and tests, so the real adapter
 * and its parser read it exactly as they read the ECB's. Only mounted where the stand-ins may run.
 */
export function ecbStandInRouter(): Router {
  const router = Router();
  router.get(ECB_DAILY_FILE_PATH, (_req, res) => {
    res.type('text/xml').send(SHIPPED_EUROFXREF_DAILY);
  });
  return router;
}
