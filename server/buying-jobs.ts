import { registerHandoverJobs } from './handover/register-jobs.ts';
import { registerHotelPolicyJobs } from './hotel-policy/register-jobs.ts';
import { JobRegistry } from './jobs/registry.ts';
import { runDueJobs } from './jobs/worker.ts';
import type { BuyingDeps } from './payments/deps.ts';
import { registerPaymentJobs } from './payments/job-handlers.ts';
import { sweepLapsedHolds } from './payments/payment-jobs.ts';
import { registerPayoutJobs } from './payouts/register-jobs.ts';

/*
 * An entry point of the buying core, like main.ts: it alone sees every layer (payments, the handover that
 * follows a sale, the seller's payout) and registers each layer's handlers, the ports included.
 */

/** Buying's job kinds: payments, the handover that follows a sale, and the seller's payout. */
export function registerBuyingJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  const buying = registerPayoutJobs(registerHandoverJobs(registerPaymentJobs(registry, deps), deps), deps);
  // The hotel's policy pauses listings and ends holds: its jobs run with buying's dependencies.
  return registerHotelPolicyJobs(buying, deps);
}

/** Runs buying's due jobs now (tests and scripts; a server runs every domain's through one job worker). */
export function runPaymentJobs(deps: BuyingDeps): Promise<number> {
  const registry = registerBuyingJobs(new JobRegistry(), deps);
  return runDueJobs({ db: deps.db, clock: deps.clock, logger: deps.logger, registry });
}

/** One round of buying's work: lapsed holds first (they may queue refunds), then due jobs. */
export async function runPaymentWork(deps: BuyingDeps) {
  const released = await sweepLapsedHolds(deps);
  const jobs = await runPaymentJobs(deps);
  return { released, jobs };
}
