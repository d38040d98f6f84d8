import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProductionBuild } from '../scripts/production-server.ts';

/**
 * Starts the production build on a free port with a fresh data directory; returns the teardown, which stops it
 * and reconciles the ledger the whole suite wrote (`npm run ledger:check`): a difference fails the run.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-e2e-'));
  const { base, stop } = await startProductionBuild({ dataDir, nodeEnv: 'test' });
  process.env.E2E_BASE_URL = base;

  return async () => {
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
