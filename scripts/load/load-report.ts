import { POSTGRES_POOL_SIZE } from '../../server/db/postgres-database.ts';
import type { LoadWorld } from './visitor.ts';

/** An instance's memory may grow at most this much after its first minute (a leak shows as steady growth). */
const MEMORY_GROWTH_LIMIT = 0.15;
/** Memory is judged only over runs this long: a shorter one still fills caches and warms the compiler. */
const MEMORY_JUDGED_FROM_SECONDS = 120;

/** When an instance's first memory sample is taken: after its first minute, or a fifth of a shorter run. */
export const memoryCheckpointSeconds = (seconds: number) => Math.min(60, seconds / 5);

/** One API instance: its name as PostgreSQL shows it, its process, and its memory (MiB) when sampled. */
export interface Instance {
  name: string;
  pid: number;
  rssAfterFirstMinute?: number;
  rssAtEnd?: number;
}

export interface LoadOutcome {
  world: LoadWorld;
  lost: string[];
  seconds: number;
  warmUpSeconds: number;
  label: string;
  connections: number;
  /** No request may take longer than this (ms). */
  slowestMs: number;
  servers: Instance[];
  /** Peak connections per instance, on PostgreSQL. */
  peaks?: Map<string, { pooled: number; listening: number }>;
}

const ms = (value: number) => value.toFixed(1).padStart(7);

/** Prints the figures per route and per instance against the goals; true when every goal is met. */
export function reportLoad(outcome: LoadOutcome): boolean {
  const { world, lost, seconds } = outcome;
  const figures = world.recorder.figures(seconds).sort((a, b) => b.count - a.count);
  console.log(
    `\n${outcome.label}: ${outcome.connections} connections, ${seconds} s measured after ` +
      `${outcome.warmUpSeconds.toFixed(1)} s of warm-up (times in ms)`,
  );
  console.log(`${'route'.padEnd(46)}      n     p50     p95     p99     max   req/s  errors  statuses`);
  for (const row of figures) {
    const statuses = Object.entries(row.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `${row.route.padEnd(46)} ${String(row.count).padStart(6)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.p99)} ` +
        `${ms(row.max)} ${row.perSecond.toFixed(1).padStart(7)} ${String(row.errors).padStart(7)}  ${statuses}`,
    );
  }
  const total = figures.reduce((sum, row) => sum + row.count, 0);
  const errors = figures.reduce((sum, row) => sum + row.errors, 0);
  const serverErrors = figures.reduce(
    (sum, row) => sum + Object.entries(row.statuses).reduce((n, [status, k]) => n + (Number(status) >= 500 ? k : 0), 0),
    0,
  );
  const { slowestMs } = outcome;
  const slow = figures.filter((row) => row.max > slowestMs).map((row) => `${row.route} (${row.max.toFixed(0)} ms)`);
  console.log(`all routes: ${total} requests, ${(total / seconds).toFixed(1)} req/s, ${errors} errors`);
  console.log(`5xx answers: ${serverErrors}; requests over ${slowestMs} ms: ${slow.length ? slow.join(', ') : 0}`);
  console.log(
    `writes checked: ${world.created.length} listings created, ${world.paid.length} checkouts paid; lost: ${lost.length ? lost.join(', ') : 0}`,
  );
  const memoryOk = reportMemory(outcome);
  const poolsOk = reportConnections(outcome);
  return errors === 0 && serverErrors === 0 && slow.length === 0 && lost.length === 0 && memoryOk && poolsOk;
}

function reportMemory({ servers, seconds }: LoadOutcome): boolean {
  const judged = seconds >= MEMORY_JUDGED_FROM_SECONDS;
  let ok = true;
  for (const server of servers) {
    const { rssAfterFirstMinute: first, rssAtEnd: end } = server;
    if (first === undefined || end === undefined) continue;
    const growth = (end - first) / first;
    const within = growth <= MEMORY_GROWTH_LIMIT;
    if (judged && !within) ok = false;
    console.log(
      `${server.name}: memory (RSS) ${first.toFixed(0)} MiB after ${memoryCheckpointSeconds(seconds).toFixed(0)} s, ` +
        `${end.toFixed(0)} MiB at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, goal ≤ ` +
        `+${MEMORY_GROWTH_LIMIT * 100}%${judged ? '' : `; not judged under ${MEMORY_JUDGED_FROM_SECONDS} s`})`,
    );
  }
  return ok;
}

function reportConnections({ servers, peaks }: LoadOutcome): boolean {
  if (!peaks) return true;
  let ok = true;
  for (const server of servers) {
    const peak = peaks.get(server.name) ?? { pooled: 0, listening: 0 };
    if (peak.pooled > POSTGRES_POOL_SIZE) ok = false;
    console.log(
      `${server.name}: at most ${peak.pooled} pooled connections (pool size ${POSTGRES_POOL_SIZE}) and ` +
        `${peak.listening} listening at once`,
    );
  }
  return ok;
}
