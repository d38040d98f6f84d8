import type { JobRegistry } from '../jobs/registry.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { APPLY_HOTEL_POLICY } from '../resale-policy/apply-job.ts';
import { LISTING_PAUSED_EMAIL, LISTING_RESUMED_EMAIL } from '../resale-policy/pause-listing.ts';
import { applyHotelPolicy } from './apply-policy.ts';
import { registerApprovalJobs } from './approval-jobs.ts';

/**
 * The resale policy's job kinds: the seller's emails about a listing the hotel paused and one it let back on sale,
 * applying a hotel's standing, and the approvals' own (server/hotel-policy/approval-jobs.ts).
 */
export function registerHotelPolicyJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  registerApprovalJobs(registry, deps);
  return registry
    .register(LISTING_PAUSED_EMAIL, {
      maxAttempts: 12,
      run: async ({ listingId, reason }) => {
        const message = await pausedEmail(deps, listingId, reason);
        if (message) await deps.mailer.send(message);
      },
    })
    .register(LISTING_RESUMED_EMAIL, {
      maxAttempts: 12,
      run: async ({ listingId }) => {
        const message = await resumedEmail(deps, listingId);
        if (message) await deps.mailer.send(message);
      },
    })
    .register(APPLY_HOTEL_POLICY, {
      maxAttempts: 8,
      backoffMs: 30_000,
      run: async ({ hotelId }) => void (await applyHotelPolicy(deps, hotelId)),
    });
}

async function pausedEmail(deps: BuyingDeps, listingId: string, reason: string): Promise<MailMessage | null> {
  const row = await deps.db
    .selectFrom('listings')
    .innerJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select(['listings.title', 'listings.hotel_name', 'listings.hotel_pause_reason', 'profiles.email'])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
  if (!row?.email) return null;
  // A second pause while this email waited to be sent is absorbed by it (one waiting per listing): say the latest.
  reason = row.hotel_pause_reason ?? reason;
  const hotel = row.hotel_name ?? 'The hotel';
  return {
    to: row.email,
    subject: `Your listing at ${hotel} is paused`,
    text: [
      `Your listing "${row.title}" is off the marketplace for now: ${reason}`,
      '',
      'It goes back on sale by itself as soon as the hotel allows it again; you need not do anything. You can ' +
        `see it, or withdraw it, in My Listings: ${new URL('/my-listings', deps.publicUrl).toString()}`,
    ].join('\n'),
  };
}

async function resumedEmail(deps: BuyingDeps, listingId: string): Promise<MailMessage | null> {
  const row = await deps.db
    .selectFrom('listings')
    .innerJoin('profiles', 'profiles.id', 'listings.seller_id')
    .select(['listings.title', 'listings.hotel_name', 'listings.status', 'profiles.email'])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
  // Paused again, sold or withdrawn while this email waited: what it would say is no longer true.
  if (!row?.email || row.status !== 'active') return null;
  const hotel = row.hotel_name ?? 'The hotel';
  return {
    to: row.email,
    subject: `Your listing at ${hotel} is back on sale`,
    text: [
      `${hotel} allows resale again: your listing "${row.title}" is back in the marketplace.`,
      '',
      `You can see it, change it or withdraw it in My Listings: ${new URL('/my-listings', deps.publicUrl).toString()}`,
    ].join('\n'),
  };
}
