import { readFileSync } from 'node:fs';
import pg from 'pg';

/** A process's resident memory in MiB, read from /proc (Linux). */
export function residentMiB(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

export interface ConnectionPeaks {
  /** Per instance (its `application_name`): the most pooled connections, and of LISTEN connections, seen at once. */
  peaks: Map<string, { pooled: number; listening: number }>;
  stop(): Promise<void>;
}

/**
 * Counts each instance's connections to `database` once a second, from PostgreSQL's own view (pg_stat_activity),
 * telling the pool's from the LISTEN connections (whose last statement is their LISTEN), and keeps the peaks.
 */
export async function watchConnections(adminUrl: string, database: string): Promise<ConnectionPeaks> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const peaks = new Map<string, { pooled: number; listening: number }>();
  const sample = async () => {
    const { rows } = await client.query<{ name: string; pooled: string; listening: string }>(
      `select application_name as name,
              count(*) filter (where query not ilike 'listen %') as pooled,
              count(*) filter (where query ilike 'listen %') as listening
         from pg_stat_activity where datname = $1 and application_name like 'restay-%' group by application_name`,
      [database],
    );
    for (const row of rows) {
      const peak = peaks.get(row.name) ?? { pooled: 0, listening: 0 };
      peaks.set(row.name, {
        pooled: Math.max(peak.pooled, Number(row.pooled)),
        listening: Math.max(peak.listening, Number(row.listening)),
      });
    }
  };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, 1_000);
  return {
    peaks,
    stop: async () => {
      clearInterval(timer);
      await sampling;
      await client.end();
    },
  };
}
