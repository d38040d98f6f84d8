import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProductionBuild } from '../scripts/production-server.ts';
import { splitSpaOrigin, startSplitSpa } from './split-spa.ts';

/**
 * Starts the production build on a free port with a fresh data directory (both deployments' API), and the SPA
 * built against it on a static server of its own (the split deployment, allowed by CORS_ORIGINS); returns the
 * teardown, which stops both and reconciles the ledger the whole suite wrote (`npm run ledger:check`): a
 * difference fails the run.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-e2e-'));
  const spaPort = await freePort();
  const { base, stop } = await startProductionBuild({
    dataDir,
    nodeEnv: 'test',
    // Every browser of the suite is one address here, where each would be a person of their own: the codes
    // asked for across all specs stay under the limit of one address (server tests hold the limit itself).
    env: { CORS_ORIGINS: splitSpaOrigin(spaPort), CODE_REQUESTS_PER_ADDRESS: '500', SIGN_INS_PER_ADDRESS: '500' },
  });
  process.env.E2E_BASE_URL = base;
  const stopSplitSpa = await startSplitSpa(base, spaPort).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  process.env.E2E_SPLIT_SPA_URL = splitSpaOrigin(spaPort);

  return async () => {
    await stopSplitSpa();
    await stop();
    try {
      execSync('npm run --silent ledger:check', {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: base },
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
