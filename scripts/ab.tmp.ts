// A/B: main-thread work of loading drawn pages until hydrated, interleaved between two running servers.
import { chromium } from '@playwright/test';
const [baseA, baseB, runsArg, onlyPage] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const reply = (await (await fetch(`${baseA}/api/listings`)).json()) as { data: { id: string }[] };
const pages: Record<string, string> = { landing: '/', marketplace: '/marketplace', listing: `/listings/${reply.data[0]!.id}` };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
async function measure(base: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.addInitScript(() => {
    (window as any).__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(base + path, { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  const res = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const lt = (window as any).__lt as [number, number][];
    const tbt = lt.filter(([s]) => s >= fcp).reduce((t, [, d]) => t + Math.max(0, d - 50), 0);
    const root = document.getElementById('root')!;
    const key = Object.keys(root).find((k) => k.startsWith('__reactContainer'));
    let fibers = 0;
    const stack: any[] = key ? [(root as any)[key]] : [];
    while (stack.length) { const f = stack.pop(); fibers++; if (f.child) stack.push(f.child); if (f.sibling) stack.push(f.sibling); }
    return { fcp, tbt, longest: Math.max(0, ...lt.map(([, d]) => d)), n: lt.length, fibers };
  });
  await context.close();
  return { ...res, script: m.ScriptDuration! * 1000, task: m.TaskDuration! * 1000 };
}
for (const [name, path] of Object.entries(pages)) {
  if (onlyPage && onlyPage !== name) continue;
  const out: Record<string, any[]> = { A: [], B: [] };
  for (let r = 0; r < runs; r++) for (const [label, base] of [['A', baseA], ['B', baseB]] as const) if (base !== '-') out[label]!.push(await measure(base, path));
  for (const label of ['A', 'B']) {
    const xs = out[label]!; if (!xs.length) continue;
    console.log(`${name} ${label}: TBT med ${median(xs.map((x) => x.tbt)).toFixed(0)} [${xs.map((x) => x.tbt.toFixed(0)).join(' ')}] longest ${median(xs.map((x) => x.longest)).toFixed(0)} script ${median(xs.map((x) => x.script)).toFixed(0)} task ${median(xs.map((x) => x.task)).toFixed(0)} fibers ${xs[0].fibers} fcp ${median(xs.map((x) => x.fcp)).toFixed(0)}`);
  }
}
await browser.close();
