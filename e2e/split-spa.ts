import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticSpaServer } from './static-spa-server.ts';

/**
 * The second deployment (README, "Two ways to deploy"): the SPA built with `VITE_API_URL=<apiOrigin>` into a
 * directory of its own (dist/web stays the one-server build), served on `port` by a plain static server. Its
 * origin is `http://localhost:<port>` while the API is on 127.0.0.1: another host, so another site to the browser,
 * sharing no cookie or storage with the API's pages. Returns the teardown.
 */
export async function startSplitSpa(apiOrigin: string, port: number): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'restay-e2e-split-spa-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--sourcemap', 'false', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, VITE_API_URL: apiOrigin } },
  );
  const server = await startStaticSpaServer(outDir, port);
  return async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}

export const splitSpaOrigin = (port: number) => `http://localhost:${port}`;
