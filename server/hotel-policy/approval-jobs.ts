import { formatCents } from '../../contract/money-format.ts';
import { approvalPolicyOf, DEFAULT_RESALE_POLICY } from '../../contract/resale-policy.ts';
import { rejectedByHotelText } from '../../contract/stay-approvals.ts';
import { AppError } from '../http/errors.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import { describeStayDates } from '../listings/stay-format.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import {
  APPROVAL_DEADLINE,
  APPROVAL_REQUEST_EMAIL,
  APPROVAL_TASK,
  listingsWithHotel,
} from '../resale-policy/ask-hotel.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { pmsWriteJobError } from '../selling/pms/pms-write-job-error.ts';
import { APPROVAL_DECIDED_EMAIL, decideApproval } from './decide-approval.ts';

/** A listing waiting for its hotel, with what the jobs asking the hotel say about it. */
function waitingListing(deps: BuyingDeps, listingId: string) {
  return listingsWithHotel(deps.db)
    .select([
      'listings.id',
      'listings.title',
      'listings.status',
      'listings.price_cents',
      'listings.currency',
      'listings.start_utc',
      'listings.end_utc',
      'listings.time_zone',
      'listings.approval_deadline',
      'reservations.external_id',
      'reservations.enterprise_id',
      'reservations.confirmation_number',
      'hotels.id as hotel_id',
      'hotels.name as hotel_name',
    ])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
}
type WaitingListing = NonNullable<Awaited<ReturnType<typeof waitingListing>>>;

/** Still waiting on the very ask this job is for: not decided, withdrawn, or asked again since. */
const stillAsked = (listing: WaitingListing | undefined, deadline: string): listing is WaitingListing =>
  listing?.status === 'awaiting_hotel' && listing.approval_deadline?.getTime() === new Date(deadline).getTime();

const queueUrl = (deps: BuyingDeps, hotelId: string) =>
  new URL(`/hotel/${hotelId}/approvals`, deps.publicUrl).toString();

const stayLine = (listing: WaitingListing) =>
  `${describeStayDates(listing.start_utc, listing.end_utc, listing.time_zone)}, reservation ` +
  `${listing.confirmation_number}, asking ${formatCents(listing.price_cents, listing.currency)}`;

/**
 * The approval job kinds (ADR 0082): the deadline, the task in the hotel's system, the emails asking the hotel's
 * people, and the seller's email about the decision. None of them blocks the decision: a task the hotel's
 * system refuses fails for an operator while the console and the emails still ask.
 */
export function registerApprovalJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  return registry
    .register(APPROVAL_DEADLINE, {
      maxAttempts: 12,
      backoffMs: 30_000,
      run: async ({ listingId, deadline }) => {
        const listing = await waitingListing(deps, listingId);
        if (!stillAsked(listing, deadline)) return;
        const standing = await hotelStanding(deps.db, { hotelId: listing.hotel_id }, listing.hotel_name);
        const { onTimeout } = approvalPolicyOf(standing.policy ?? DEFAULT_RESALE_POLICY);
        const decision =
          onTimeout === 'approve'
            ? { decision: 'approved' as const }
            : { decision: 'rejected' as const, reason: 'no_answer' as const };
        await decideApproval(deps, listing.hotel_id, listingId, decision, null).catch((error: unknown) => {
          // The hotel decided (or the seller withdrew) in the meantime: nothing is left to do.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        });
      },
    })
    .register(APPROVAL_TASK, {
      maxAttempts: 10,
      backoffMs: 30_000,
      maxBackoffMs: 1_800_000,
      run: async ({ listingId, deadline }) => {
        const listing = await waitingListing(deps, listingId);
        if (!stillAsked(listing, deadline) || !deps.pms.addReservationTask || !listing.enterprise_id) return;
        const task = {
          reservationId: listing.external_id,
          name: 'Restay: approve or reject a resale',
          description:
            `A guest wants to resell this stay on Restay (${stayLine(listing)}). ` +
            `Approve or reject it in the Restay console: ${queueUrl(deps, listing.hotel_id)}`,
          deadline: new Date(deadline),
        };
        await deps.pms.addReservationTask({ enterpriseId: listing.enterprise_id }, task).catch(pmsWriteJobError);
      },
    })
    .register(APPROVAL_REQUEST_EMAIL, {
      maxAttempts: 12,
      run: async ({ listingId, deadline, userId }) => {
        const listing = await waitingListing(deps, listingId);
        if (!stillAsked(listing, deadline)) return;
        const person = await deps.db.selectFrom('profiles').select('email').where('id', '=', userId).executeTakeFirst();
        if (!person?.email) return;
        await deps.mailer.send({
          to: person.email,
          subject: `A stay at ${listing.hotel_name} waits for your approval`,
          text: [
            `A guest wants to resell a stay at ${listing.hotel_name} on Restay: "${listing.title}", ${stayLine(listing)}.`,
            '',
            `Approve or reject it by ${new Date(deadline).toUTCString()}: ${queueUrl(deps, listing.hotel_id)}`,
          ].join('\n'),
        });
      },
    })
    .register(APPROVAL_DECIDED_EMAIL, {
      maxAttempts: 12,
      run: async ({ decisionId }) => {
        const message = await decidedEmail(deps, decisionId);
        if (message) await deps.mailer.send(message);
      },
    });
}

async function decidedEmail(deps: BuyingDeps, decisionId: string): Promise<MailMessage | null> {
  const row = await deps.db
    .selectFrom('listing_approval_decisions as d')
    .innerJoin('listings', 'listings.id', 'd.listing_id')
    .innerJoin('hotels', 'hotels.id', 'd.hotel_id')
    .innerJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select(['d.decision', 'd.reason', 'd.note', 'listings.title', 'hotels.name', 'profiles.email'])
    .where('d.id', '=', decisionId)
    .executeTakeFirst();
  if (!row?.email) return null;
  const myListings = new URL('/my-listings', deps.publicUrl).toString();
  if (row.decision === 'approved') {
    return {
      to: row.email,
      subject: `${row.name} approved your listing`,
      text: `${row.name} approved your listing "${row.title}": it is in the marketplace now.\n\nMy Listings: ${myListings}`,
    };
  }
  return {
    to: row.email,
    subject: `${row.name} did not approve your listing`,
    text: `${rejectedByHotelText(row.name, row.reason ?? 'other', row.note)}\n\nMy Listings: ${myListings}`,
  };
}
