/**
 * `npm run bench:start -- [--runs=7]`: a warm `npm start` timed from the command, as an operator sees it (npm's
 * own start included), to the first 200 from /api/health (goal: 800 ms). Warm: the production build exists and
 * the embedded database was created and seeded by one earlier start, which is not counted. Each run spawns
 * `npm start` in a process group of its own on a fresh port, and ends the whole group (npm and the server).
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const GOAL_MS = 800;
const POLL_MS = 5;
const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const RUNS = runsArgument ? Number(runsArgument.slice('--runs='.length)) : 7;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number of at least 1');

/** A port nobody listens on now: each run gets its own, so no run answers for the one before. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The health check's status, or undefined while nothing listens. node:http, not fetch: loading fetch here would
 * take CPU from the start being timed. */
function healthStatus(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const asking = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (reply) => {
      reply.resume();
      resolve(reply.statusCode);
    });
    asking.once('error', () => resolve(undefined));
    asking.end();
  });
}

/**
 * Ends npm and the server it started together (their group), and waits until none of the group is left: the next
 * run opens the same data directory, which the server keeps locked until it has exited.
 */
async function stopGroup(child: ChildProcess) {
  const group = -child.pid!;
  try {
    process.kill(group, 'SIGTERM');
    for (;;) {
      await sleep(POLL_MS);
      process.kill(group, 0);
    }
  } catch {
    // ESRCH: no process of the group is left.
  }
}

/** Spawns `npm start` and answers the milliseconds from the spawn to the first 200 from /api/health. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if ((await healthStatus(port)) === 200) return performance.now() - started;
      await sleep(POLL_MS);
    }
  } finally {
    await stopGroup(child);
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html'))
  execSync('npm run build', { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'restay-bench-start-'));
try {
  const first = await timeStart(dataDir);
  console.log(`First start (creates, migrates and seeds the database; not counted): ${first.toFixed(0)} ms`);
  const runs: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    runs.push(await timeStart(dataDir));
    console.log(`Warm start ${run}/${RUNS}: ${runs.at(-1)!.toFixed(0)} ms`);
  }
  const middle = median(runs);
  console.log(
    `Warm \`npm start\` to healthy, from the command: median ${middle.toFixed(0)} ms of ${RUNS} ` +
      `(goal ≤ ${GOAL_MS} ms: ${middle <= GOAL_MS ? 'met' : 'not met'})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
