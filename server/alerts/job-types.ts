import { z } from 'zod';
import type { AlertReason } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueueJob, enqueuePendingJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';

const reason = z.enum(['new', 'price_drop']);

/** Match a listing that was created, resumed or made cheaper against the saved searches. */
export const MATCH_LISTING = defineJobType(
  'alerts.match_listing',
  z.object({ listingId: z.guid(), reason, previousPriceCents: z.number().int().nullable() }),
);
/** Email everyone told at once of one listing change (its instant notices). */
export const SEND_INSTANT_ALERTS = defineJobType('alerts.send_instant', z.object({ listingId: z.guid(), reason }));
/** Send one person's daily digest, due at `dueAt` (their hour in their time zone). */
export const SEND_DIGEST = defineJobType('alerts.send_digest', z.object({ userId: z.guid(), dueAt: z.iso.datetime() }));

/**
 * Records, in the caller's transaction, that a listing was created, resumed or made cheaper: the job matches it
 * after commit, so a crash between the two cannot lose the alert. A change while the listing's match for that
 * reason still waits to start is absorbed by it (the match reads the listing as it is then).
 */
export async function enqueueListingAlert(
  trx: Executor,
  change: { listingId: string; reason: AlertReason; previousPriceCents?: number | null },
  now: Date,
): Promise<void> {
  const payload = {
    listingId: change.listingId,
    reason: change.reason,
    previousPriceCents: change.previousPriceCents ?? null,
  };
  await enqueuePendingJob(trx, MATCH_LISTING, `${change.listingId}:${change.reason}`, payload, now);
}

/** The instant emails of one listing change; one job sends them all, each notice marked as it is sent. */
export async function enqueueInstantAlerts(
  trx: Executor,
  change: { listingId: string; reason: AlertReason },
  now: Date,
) {
  await enqueuePendingJob(trx, SEND_INSTANT_ALERTS, `${change.listingId}:${change.reason}`, change, now);
}

/** The person's next digest, due at `dueAt`. */
export async function enqueueDigest(trx: Executor, userId: string, dueAt: Date, now: Date) {
  await enqueueJob(
    trx,
    SEND_DIGEST,
    `${userId}:${dueAt.toISOString()}`,
    { userId, dueAt: dueAt.toISOString() },
    now,
    dueAt,
  );
}
