import { startBackgroundLoop } from '../background-loop.ts';
import type { BuyingDeps } from './deps.ts';
import { endHold } from './release-hold.ts';

const DEFAULT_INTERVAL_MS = 10_000;

const SWEEP_BATCH = 100;

/**
 * Ends holds nobody released (the buyer closed the tab, the expired event was lost): expired at the provider
 * first, then released, or recorded as a sale if the provider says the buyer paid. Every lapsed hold is visited,
 * a page at a time past the last one seen: a hold whose provider call fails is logged and left for the next
 * sweep, never in the way of the holds behind it. Safe on several instances: each release is guarded by the
 * order's state. Returns how many holds it visited.
 */
export async function sweepLapsedHolds(deps: BuyingDeps, { batch = SWEEP_BATCH } = {}): Promise<number> {
  const now = deps.clock();
  let after: { hold_expires_at: Date; id: string } | undefined;
  let visited = 0;
  for (;;) {
    const page = await lapsedHoldsAfter(deps, now, after, batch);
    for (const order of page) {
      try {
        await endHold(deps, order, 'expired', 'hold expired');
      } catch (error) {
        // The provider may be unreachable: the next sweep tries again.
        deps.logger.error({ err: error, orderId: order.id }, 'releasing a lapsed hold failed');
      }
    }
    visited += page.length;
    after = page.at(-1);
    if (page.length < batch) return visited;
  }
}

/** Open orders whose hold lapsed by `now`, oldest first, after the (expiry, id) of the last one seen. */
function lapsedHoldsAfter(
  deps: BuyingDeps,
  now: Date,
  after: { hold_expires_at: Date; id: string } | undefined,
  batch: number,
) {
  let query = deps.db.selectFrom('orders').selectAll().where('state', '=', 'open').where('hold_expires_at', '<=', now);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('hold_expires_at', '>', after.hold_expires_at),
        eb.and([eb('hold_expires_at', '=', after.hold_expires_at), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('hold_expires_at').orderBy('id').limit(batch).execute();
}

/**
 * Sweeps lapsed holds now and every `intervalMs`, one round at a time (the jobs they queue run on the job
 * worker). Returns a stop function that waits for a round in progress to finish.
 */
export function startHoldSweep(deps: BuyingDeps, { intervalMs = DEFAULT_INTERVAL_MS } = {}): () => Promise<void> {
  return startBackgroundLoop(
    () => sweepLapsedHolds(deps),
    intervalMs,
    (error) => deps.logger.error({ err: error }, 'the lapsed-hold sweep failed'),
    { quietThroughOutages: { logger: deps.logger, what: 'the lapsed-hold sweep' } },
  );
}
