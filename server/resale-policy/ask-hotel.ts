import { z } from 'zod';
import { toCents } from '../../contract/money.ts';
import { approvalPolicyOf, type ApprovalPolicy, type ResalePolicy } from '../../contract/resale-policy.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';

/**
 * Asking a hotel to approve a listing (ADR 0082). Defined here, below selling, so that creating or raising a
 * listing can ask; the hotel policy layer (server/hotel-policy/approval-jobs.ts) carries out the jobs.
 */

const asked = z.object({ listingId: z.guid(), deadline: z.iso.datetime() });
/** When the deadline passes: approve or reject as the policy says, unless the hotel already decided. */
export const APPROVAL_DEADLINE = defineJobType('approvals.deadline', asked);
/** The task on the reservation in the hotel's system (Mews tasks/add), so the front desk sees it. */
export const APPROVAL_TASK = defineJobType('approvals.pms_task', asked);
/** The email to one of the hotel's people (admins and staff), with a link to the queue. */
export const APPROVAL_REQUEST_EMAIL = defineJobType('approvals.request_email', asked.extend({ userId: z.guid() }));

/** What the approval rules read of a listing. */
export interface ApprovalFacts {
  startUtc: Date;
  askingPriceCents: number;
}

/** Whether the hotel's policy wants to approve this listing before it goes on sale. */
export function needsApproval(policy: ApprovalPolicy, facts: ApprovalFacts, now: Date): boolean {
  if (policy.mode !== 'manual') return false;
  const { withinDays, aboveAskingPrice } = policy;
  if (withinDays === null && aboveAskingPrice === null) return true;
  const soon = withinDays !== null && facts.startUtc.getTime() - now.getTime() <= withinDays * 86_400_000;
  const dear = aboveAskingPrice !== null && facts.askingPriceCents > toCents(aboveAskingPrice);
  return soon || dear;
}

/** The hotel's deadline: its decision time from now, but never past the cut-off before check-in. */
export function approvalDeadline(policy: ResalePolicy, startUtc: Date, now: Date): Date {
  const { deadlineHours } = approvalPolicyOf(policy);
  const byDeadline = now.getTime() + deadlineHours * 3_600_000;
  const byCutOff = startUtc.getTime() - policy.cutOffHours * 3_600_000;
  return new Date(Math.max(now.getTime(), Math.min(byDeadline, byCutOff)));
}

/**
 * In the transaction that made the listing wait (`awaiting_hotel` with `approval_deadline` set): the deadline
 * job, the task in the hotel's system and an email to each of the hotel's people. Keyed by the listing and its
 * deadline, so asking again later (a price raise) asks afresh and a replay asks once.
 */
export async function askHotel(
  trx: Executor,
  ask: { listingId: string; hotelId: string; deadline: Date },
  now: Date,
): Promise<void> {
  const payload = { listingId: ask.listingId, deadline: ask.deadline.toISOString() };
  const key = `${ask.listingId}:${payload.deadline}`;
  await enqueueJob(trx, APPROVAL_DEADLINE, key, payload, now, ask.deadline);
  await enqueueJob(trx, APPROVAL_TASK, key, payload, now);
  const people = await trx.selectFrom('hotel_members').select('user_id').where('hotel_id', '=', ask.hotelId).execute();
  for (const { user_id: userId } of people) {
    await enqueueJob(trx, APPROVAL_REQUEST_EMAIL, `${key}:${userId}`, { ...payload, userId }, now);
  }
}

/**
 * Listings with their reservation and the joined hotel holding it (by its enterprise id): what every approval
 * read starts from, the queue, a decision, the jobs asking the hotel and the seller's sentences alike.
 */
export function listingsWithHotel(db: Executor) {
  return db
    .selectFrom('listings')
    .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
    .innerJoin('hotels', 'hotels.enterprise_id', 'reservations.enterprise_id');
}
