import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionBuild } from './production-server.ts';

const runs = Number(process.argv[2] ?? 1);
const only = process.argv[3];
const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-lhd-'));
const server = await startProductionBuild({ dataDir });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const reply = (await (await fetch(`${server.base}/api/listings`)).json()) as { data: { id: string }[] };
  const pages: Record<string, string> = { landing: '/', marketplace: '/marketplace', listing: `/listings/${reply.data[0]!.id}` };
  for (const [name, p] of Object.entries(pages)) {
    if (only && only !== name) continue;
    for (let r = 1; r <= runs; r++) {
      const res = await lighthouse(`${server.base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
      const lhr = res!.lhr;
      writeFileSync(`/tmp/lh/${name}-${r}.json`, JSON.stringify(lhr));
      const a = lhr.audits;
      console.log(`${name} ${r}: perf ${Math.round(lhr.categories.performance!.score! * 100)} a11y ${Math.round(lhr.categories.accessibility!.score! * 100)} bp ${Math.round(lhr.categories['best-practices']!.score! * 100)} TBT ${a['total-blocking-time']!.numericValue!.toFixed(0)} LCP ${a['largest-contentful-paint']!.numericValue!.toFixed(0)} FCP ${a['first-contentful-paint']!.numericValue!.toFixed(0)} CLS ${a['cumulative-layout-shift']!.numericValue!.toFixed(3)} idx ${lhr.environment.benchmarkIndex}`);
      const lt = (a['long-tasks']?.details as any)?.items ?? [];
      for (const t of lt) console.log(`   long task ${t.url?.replace(server.base, '')} start ${Math.round(t.startTime)} dur ${Math.round(t.duration)}`);
      const bu = (a['bootup-time']?.details as any)?.items ?? [];
      for (const t of bu) console.log(`   bootup ${t.url?.replace(server.base, '')} total ${Math.round(t.total)} script ${Math.round(t.scripting)} parse ${Math.round(t.scriptParseCompile)}`);
      const mw = (a['mainthread-work-breakdown']?.details as any)?.items ?? [];
      console.log('   ' + mw.map((t: any) => `${t.group} ${Math.round(t.duration)}`).join(', '));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
