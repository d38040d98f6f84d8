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

/** How long the links of emails stay usable. */
export const HOTEL_LINK_HOURS = 72;
