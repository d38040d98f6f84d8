import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * The listing writes a marketplace makes most, each one `UPDATE listings` in its own transaction as the product
 * makes it: a seller's new price (server/selling/update-listing.ts), and a buyer's hold on a stay at checkout or
 * its release (server/listings/transition.ts), here one statement that flips the stay between the two.
 *
 * The new price also sets the normalised price the searches index, as the listings_price_eur trigger does where
 * it runs: a table without that trigger still needs the column kept, so both sides update the same indexes and a
 * comparison measures the triggers, not a column one side leaves stale.
 */
const WRITES = [
  `UPDATE listings SET price_cents = $2::integer, updated_at = now(),
     price_eur_cents = $2::integer / (SELECT units_per_euro FROM exchange_rates WHERE currency = listings.currency)
   WHERE id = $1`,
  `UPDATE listings SET hotel_pause_reason = NULL, updated_at = now(),
     status = CASE status WHEN 'active' THEN 'reserved' ELSE 'active' END
   WHERE id = $1 AND status IN ('active', 'reserved')`,
];

/** The stays the writes pick from: those for sale or held. */
export async function liveListingIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client
    .query<{ id: string }>(`SELECT id FROM listings WHERE status IN ('active', 'reserved')`)
    .finally(() => client.end());
  if (rows.length === 0) throw new Error('no live listing to write to: seed some first');
  return rows.map((row) => row.id);
}

/** One random write to one random stay; resolves with its commit latency in ms. */
export async function writeOnce(client: pg.ClientBase, ids: string[]): Promise<number> {
  const id = ids[Math.floor(Math.random() * ids.length)]!;
  const started = performance.now();
  if (Math.random() < 0.5) await client.query(WRITES[0]!, [id, 4_000 + Math.floor(Math.random() * 96_000)]);
  else await client.query(WRITES[1]!, [id]);
  return performance.now() - started;
}

/** `writers` connections writing back to back for `seconds`: the throughput a table allows. */
export async function writeFlatOut(url: string, ids: string[], writers: number, seconds: number) {
  const clients = Array.from({ length: writers }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((client) => client.connect()));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) latencies.push(await writeOnce(client, ids));
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  return latencies;
}

/**
 * A steady `perSecond` writes, started on schedule whether or not the earlier ones have finished (as visitors
 * do), over a few connections; `stop` ends the load and resolves with every write's latency in ms.
 */
export function startWriteLoad(url: string, ids: string[], perSecond: number) {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let failure: unknown;
  const timer = setInterval(() => {
    const write = pool
      .connect()
      .then(async (client) => {
        try {
          latencies.push(await writeOnce(client, ids));
        } finally {
          client.release();
        }
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  }, 1000 / perSecond);
  return {
    async stop(): Promise<number[]> {
      clearInterval(timer);
      await Promise.all(pending);
      await pool.end();
      if (failure) throw failure;
      return latencies;
    },
  };
}
