import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { searchQuerySchema } from '../../contract/search.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { searchListings } from '../../server/listings/search.ts';
import { percentile } from '../bench-data/latency.ts';
import type { NextSearch } from './mixes.ts';

const parsed = (search: string) => searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));

/** Searches straight through the query layer, in this process, `connections` at a time. */
export async function sqlRound(
  handle: DatabaseHandle,
  next: NextSearch,
  seconds: number,
  connections: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const query = parsed(next());
        const start = performance.now();
        await searchListings(handle.db, query, new Date());
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

export interface ApiRound {
  latencies: number[];
  non2xx: number;
  errors: number;
}

/** Searches through the API at `connections` concurrent connections for `seconds`. */
export async function apiRound(
  base: string,
  next: NextSearch,
  seconds: number,
  connections: number,
): Promise<ApiRound> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/listings?${next()}` }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's summary has no p95 bucket: keep every response time for exact percentiles.
    // Only successful searches count: an error page answered fast is not a search.
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
    });
  });
  return { latencies, non2xx: result.non2xx, errors: result.errors };
}

/** One search at a time, each timed alone: which part of the mix is slow (run with --profile on a kept DB). */
export async function profile(handle: DatabaseHandle, mix: string[]) {
  const timings: [number, string][] = [];
  for (const search of mix) {
    const query = parsed(search);
    const start = performance.now();
    await searchListings(handle.db, query, new Date());
    timings.push([performance.now() - start, search || '(no filter)']);
  }
  timings.sort((a, b) => b[0] - a[0]);
  console.log('Slowest searches, alone:');
  for (const [ms, search] of timings.slice(0, 8)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${search}`);
  const sorted = timings.map(([ms]) => ms).sort((a, b) => a - b);
  console.log(`  alone: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`);
}
