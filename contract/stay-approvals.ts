import { z } from 'zod';

/**
 * A hotel's say on each stay (ADR 0082): under manual approval a listing waits (`awaiting_hotel`) until the
 * hotel's staff approve or reject it in the console's Approvals queue, or its deadline passes.
 */

/** Why a hotel rejects a listing: the console's short list, and `no_answer` for the deadline job's rejection. */
export const REJECTION_REASONS = ['dates_not_available', 'guest_not_accepted', 'room_type_kept', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number] | 'no_answer';

/** Each reason as the hotel picks it and the seller reads it. */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  dates_not_available: 'These dates are not available for resale',
  guest_not_accepted: 'The hotel does not accept this guest',
  room_type_kept: 'The hotel keeps this room type',
  other: 'Another reason',
  no_answer: 'the hotel did not answer in time',
};

/** A decision time as people say it: "1 hour", "24 hours", then whole days as days ("2 days"). */
export function deadlineText(hours: number): string {
  if (hours > 24 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The seller's sentence while a listing waits for its hotel, in the publish step and in My Listings. */
export function awaitingHotelText(hotelName: string, deadlineHours: number): string {
  return `Waiting for ${hotelName} to approve. Hotels usually answer within ${deadlineText(deadlineHours)}.`;
}

/** The seller's sentence for a listing the hotel rejected: the reason, and the hotel's own words if it gave any. */
export function rejectedByHotelText(hotelName: string, reason: RejectionReason, note: string | null): string {
  const why =
    reason === 'no_answer' ? REJECTION_REASON_LABELS.no_answer : REJECTION_REASON_LABELS[reason].toLowerCase();
  return `${hotelName} did not approve this listing: ${why}.${note ? ` "${note}"` : ''}`;
}

/** POST /api/hotels/:hotelId/stay-approvals/:listingId/reject */
export const rejectListingRequestSchema = z.object({
  reason: z.enum(REJECTION_REASONS, 'Choose why the hotel rejects this stay.'),
  note: z.string().trim().max(500, 'The note can be at most 500 characters.').optional(),
});
export type RejectListingRequest = z.infer<typeof rejectListingRequestSchema>;

/** One listing waiting in the hotel's queue: the reservation as the hotel's system holds it now, and the ask. */
export const pendingApprovalSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  askingPrice: z.number(),
  currency: z.string(),
  deadlineUtc: z.string(),
  onTimeout: z.enum(['approve', 'reject']),
  /** Read afresh from the hotel's system; `live` false when it did not answer and these are Restay's last copy. */
  reservation: z.object({
    live: z.boolean(),
    confirmationNumber: z.string(),
    guest: z.string(),
    startUtc: z.string(),
    endUtc: z.string(),
    roomType: z.string().nullable(),
    rate: z.string().nullable(),
    channels: z.array(z.string()),
    amountPaid: z.number().nullable(),
  }),
  /** The policy lines this stay meets, in the hotel's words. */
  policyLines: z.array(z.string()),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/** One decision taken, for the console's history: who decided (null: the deadline job) and when. */
export const approvalDecisionSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** GET /api/hotels/:hotelId/stay-approvals */
export const approvalsViewSchema = z.object({
  pending: z.array(pendingApprovalSchema),
  decisions: z.array(approvalDecisionSchema),
});
export type ApprovalsView = z.infer<typeof approvalsViewSchema>;
