import { z } from 'zod';

/**
 * Hotels that joined Restay and the people who work for them: what the hotel console reads and sends. A hotel's
 * access token never appears here: it stays on the server.
 */

/** `pending`: connected in Mews, waiting for its first admin; `connected`; `suspended`: Mews says the integration is off. */
export const HOTEL_STATUSES = ['pending', 'connected', 'suspended'] as const;
export type HotelStatus = (typeof HOTEL_STATUSES)[number];

/** `admin`: policy, staff, kill switch; `staff`: reads, and approves or rejects stays (ADR 0082). */
export const HOTEL_ROLES = ['admin', 'staff'] as const;
export type HotelRole = (typeof HOTEL_ROLES)[number];

export const HOTEL_STATUS_LABELS: Record<HotelStatus, string> = {
  pending: 'Waiting for its first admin',
  connected: 'Connected',
  suspended: 'Suspended in Mews',
};

export const hotelIdParamsSchema = z.object({ hotelId: z.uuid() });

/** One hotel the signed-in person belongs to, with their role there. */
export const myHotelSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(HOTEL_STATUSES),
  role: z.enum(HOTEL_ROLES),
});
export type MyHotel = z.infer<typeof myHotelSchema>;
export const myHotelsReplySchema = z.object({ hotels: z.array(myHotelSchema) });

/** Opening the link of an email: the token from its address. */
export const claimHotelBodySchema = z.object({ token: z.string().min(20).max(200) });
/**
 * `joined`: the signed-in person is now a member with `role`. `awaiting_approval`: the link was the first admin's
 * but their email is not the one Mews named, so an admin of another hotel of the same chain must approve.
 */
export const claimHotelReplySchema = z.object({
  outcome: z.enum(['joined', 'awaiting_approval']),
  hotel: z.object({ id: z.uuid(), name: z.string() }),
  role: z.enum(HOTEL_ROLES),
});
export type ClaimHotelReply = z.infer<typeof claimHotelReplySchema>;

/**
 * POST /api/hotels/claim/preview (signed out too): what a link offers before anyone signs in: the hotel, the role,
 * and the address it was sent to. Nothing is used up.
 */
export const claimPreviewSchema = z.object({
  hotel: z.object({ name: z.string() }),
  role: z.enum(HOTEL_ROLES),
  email: z.string(),
});
export type ClaimPreview = z.infer<typeof claimPreviewSchema>;

export const hotelMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(HOTEL_ROLES),
});
export const hotelInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(HOTEL_ROLES),
  expiresAt: z.iso.datetime(),
});
export const hotelMembersReplySchema = z.object({
  members: z.array(hotelMemberSchema),
  invites: z.array(hotelInviteSchema),
});
export type HotelMember = z.infer<typeof hotelMemberSchema>;
export type HotelMembersReply = z.infer<typeof hotelMembersReplySchema>;

export const inviteMemberBodySchema = z.object({
  email: z.email({ error: 'Enter an email address' }).max(254),
  role: z.enum(HOTEL_ROLES),
});
export const removeMemberParamsSchema = hotelIdParamsSchema.extend({ userId: z.uuid() });

/** A first-admin link opened by someone else, waiting for an admin of another hotel of the chain. */
export const chainApprovalSchema = z.object({
  inviteId: z.uuid(),
  hotelName: z.string(),
  requesterName: z.string(),
  requesterEmail: z.string().nullable(),
  requestorEmail: z.string(),
});
export const chainApprovalsReplySchema = z.object({ approvals: z.array(chainApprovalSchema) });
export type ChainApproval = z.infer<typeof chainApprovalSchema>;
export const approvalParamsSchema = hotelIdParamsSchema.extend({ inviteId: z.uuid() });

/** The overview of one hotel, for any of its members. */
export const hotelOverviewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(HOTEL_STATUSES),
  role: z.enum(HOTEL_ROLES),
  connectedSince: z.iso.datetime(),
  members: z.number().int(),
});
export type HotelOverview = z.infer<typeof hotelOverviewSchema>;

/** Whether the hotel's stays may be resold now: its live policy allows it, and "Pause all resale" is off. */
export const RESALE_STATES = ['on', 'off', 'paused'] as const;
export type ResaleState = (typeof RESALE_STATES)[number];

/** Something that happened to one of the hotel's stays on Restay: put on sale, bought, put in the buyer's name. */
export const HOTEL_ACTIVITY_KINDS = ['listed', 'sold', 'in_new_name'] as const;
export const hotelActivitySchema = z.object({
  kind: z.enum(HOTEL_ACTIVITY_KINDS),
  at: z.iso.datetime(),
  /** The room type as the hotel names it; null when its system did not say. */
  roomType: z.string().nullable(),
  /** The stay's days at the hotel. */
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
});
export type HotelActivity = z.infer<typeof hotelActivitySchema>;

/** GET /api/hotels/:hotelId/lately: the Overview's glance: resale on, off or paused, and what changed lately. */
export const hotelLatelySchema = z.object({
  resale: z.object({
    state: z.enum(RESALE_STATES),
    /** The live policy's version; null while none is published. */
    policyVersion: z.number().int().nullable(),
    pausedAt: z.iso.datetime().nullable(),
  }),
  /** Newest first, at most HOTEL_ACTIVITY_SHOWN. */
  recent: z.array(hotelActivitySchema),
});
export type HotelLately = z.infer<typeof hotelLatelySchema>;
export const HOTEL_ACTIVITY_SHOWN = 8;

/** How many weeks ahead the console's Demand counts saved searches. */
export const DEMAND_WEEKS = 12;
export const demandWeekSchema = z.object({ weekStart: z.iso.date(), searches: z.number().int().min(0) });
export type DemandWeek = z.infer<typeof demandWeekSchema>;

/**
 * GET /api/hotels/:hotelId/demand: per week from today, how many saved searches would match a stay at the hotel.
 * `located` is false while Restay knows neither a stay of the hotel nor where it is: only searches that name no
 * place are counted then.
 */
export const hotelDemandSchema = z.object({ located: z.boolean(), weeks: z.array(demandWeekSchema) });
export type HotelDemand = z.infer<typeof hotelDemandSchema>;

/** How long the links of emails stay usable. */
export const HOTEL_LINK_HOURS = 72;
