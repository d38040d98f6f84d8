/**
 * `npm run lighthouse`: Lighthouse (mobile settings: a mid-range phone on a slow 4G link, simulated) in Debian's
 * Chromium against the production build on the landing page, the marketplace and a listing. Prints each page's
 * scores and Core Web Vitals; `--runs=N` runs each page N times (Lighthouse varies from run to run) and prints each
 * page's median performance, TBT and CLS. `--cpu-slowdown=N` stands for a slower phone, or a slow day on this host:
 * Lighthouse's own is 4 (its phone at a quarter of the host's speed).
 *
 *   npm run lighthouse -- [--runs=1] [--cpu-slowdown=4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { startProductionBuild } from './production-server.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'cpu-slowdown': { type: 'string', default: '4' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number from 1');
const cpuSlowdownMultiplier = Number(values['cpu-slowdown']);
if (!(cpuSlowdownMultiplier >= 1)) throw new Error('--cpu-slowdown must be 1 or more');
/** Lighthouse's mobile link and phone, the phone `cpuSlowdownMultiplier` times slower than the host. */
const THROTTLING = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const VITALS: [string, string, (value: number) => string][] = [
  ['LCP', 'largest-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  ['FCP', 'first-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  ['TBT', 'total-blocking-time', (ms) => `${ms.toFixed(0)} ms`],
  ['CLS', 'cumulative-layout-shift', (shift) => shift.toFixed(3)],
];

/**
 * One Lighthouse run of `url`. Now and then Chromium's trace of the load comes back without its start
 * (NO_NAVSTART) and the run measures nothing; Lighthouse's own advice is to run it again, which is done once, and
 * said, so a zero is never printed as if it were a figure.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      throttling: THROTTLING,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 2) return result.lhr;
    console.log(`  (${url}: not measured, ${result.lhr.runtimeError.code}; running it again)`);
  }
}

async function firstListingPath(base: string) {
  const reply = (await (await fetch(`${base}/api/listings`)).json()) as { data: { id: string }[] };
  const first = reply.data[0];
  if (!first) throw new Error('the demo data has no active listing to audit');
  return `/listings/${first.id}`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-lighthouse-'));
const server = await startProductionBuild({ dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const pages = { landing: '/', marketplace: '/marketplace', listing: await firstListingPath(server.base) };
  for (const [name, pagePath] of Object.entries(pages)) {
    const measured: { performance: number; tbt: number; cls: number }[] = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await audit(`${server.base}${pagePath}`, chrome.port);
      if (!lhr.runtimeError)
        measured.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      const scores = CATEGORIES.map((id) => `${id} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`);
      const vitals = VITALS.map(([label, id, format]) => `${label} ${format(lhr.audits[id]?.numericValue ?? NaN)}`);
      // Lighthouse slows the host's CPU 4x to stand for a phone, so a slower host reads as a slower phone.
      const host = `host CPU index ${Math.round(lhr.environment.benchmarkIndex)}, slowed ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x`;
      console.log(`${name} (${pagePath}) run ${run}: ${scores.join(', ')} | ${vitals.join(', ')} | ${host}`);
      if (lhr.runtimeError) console.log(`  not measured: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
      for (const id of CATEGORIES.slice(1, 3)) {
        const failed = lhr.categories[id]?.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (failed?.length) console.log(`  ${id} audits below full marks: ${failed.join(', ')}`);
      }
    }
    if (measured.length > 1) {
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      console.log(
        `${name} median of ${measured.length}: performance ${median(measured.map((m) => m.performance))}, ` +
          `TBT ${median(measured.map((m) => m.tbt)).toFixed(0)} ms, CLS ${median(measured.map((m) => m.cls)).toFixed(3)}`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
