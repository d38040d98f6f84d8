import { z } from 'zod';
import { deskChargesSchema, nameChangeFeeSchema, NO_NAME_CHANGE_FEE, NOTHING_AT_THE_DESK } from './hotel-fee.ts';

/**
 * A hotel's resale policy: what the hotel allows to be resold on Restay. Every check (import, listing, price
 * change, checkout, and the sweep after each change) reads the hotel's live, i.e. newest published, version.
 * A hotel that never published one allows nothing: resale starts off.
 */

/** How a booking reached the hotel, as far as a policy cares (derived from the hotel system's reservation). */
export const RESALE_CHANNELS = ['direct', 'ota', 'travel_agency', 'group', 'corporate', 'voucher'] as const;
export type ResaleChannel = (typeof RESALE_CHANNELS)[number];

/** The console's label of each channel. */
export const CHANNEL_LABELS: Record<ResaleChannel, string> = {
  direct: 'Direct bookings',
  ota: 'Online travel agencies (channel manager)',
  travel_agency: 'Travel agencies',
  group: 'Group blocks',
  corporate: 'Corporate (partner company)',
  voucher: 'Vouchers',
};

/** How a seller reads each channel in "does not allow resale of bookings made through ...". */
export const CHANNEL_PHRASES: Record<ResaleChannel, string> = {
  direct: 'directly with the hotel',
  ota: 'an online travel agency',
  travel_agency: 'a travel agency',
  group: 'a group block',
  corporate: 'a company account',
  voucher: 'a voucher',
};

/** A cut-off as people say it: "48 hours", "7 days" (whole days read as days). */
export function cutOffText(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const POLICY_LIMITS = { maxCutOffHours: 24 * 365, maxBlackouts: 50, maxListed: 500 } as const;

const calendarDay = z.iso.date('must be a real date as YYYY-MM-DD');

/** A range of calendar days at the hotel, both ends included, in which no stay may be resold. */
export const blackoutSchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((range) => range.from <= range.to, {
    message: 'The end date must not be before the start date.',
    path: ['to'],
  });
export type Blackout = z.infer<typeof blackoutSchema>;

/** Something the hotel names (a rate, a room type): its id in the hotel's system and the hotel's name for it. */
const namedItem = z.object({ id: z.string().min(1).max(100), name: z.string().trim().min(1).max(200) });
export type NamedItem = z.infer<typeof namedItem>;

/** `all`, or only the listed ones (by the hotel system's id; the name is kept for the history and sentences). */
const selection = z.union([z.literal('all'), z.array(namedItem).max(POLICY_LIMITS.maxListed)]);

/** How long the hotel has to decide at most, and the default: a day. */
export const APPROVAL_LIMITS = { defaultDeadlineHours: 24, maxDeadlineHours: 24 * 14, maxWithinDays: 365 } as const;

/**
 * Whether the hotel approves each listing before it goes on sale (ADR 0082). `automatic`: no (every listing the
 * policy allows is on sale at once). `manual`: a listing waits for the hotel, or only those within `withinDays`
 * of check-in or asking more than `aboveAskingPrice` (major units of the stay's currency) when either is set (a
 * listing meeting either waits). The hotel has `deadlineHours` to decide (never past the cut-off); then the
 * listing is approved or rejected as `onTimeout` says.
 */
export const approvalPolicySchema = z.object({
  mode: z.enum(['automatic', 'manual']),
  withinDays: z.number().int().min(1).max(APPROVAL_LIMITS.maxWithinDays).nullable(),
  aboveAskingPrice: z.number().positive().max(1_000_000).nullable(),
  deadlineHours: z.number().int().min(1).max(APPROVAL_LIMITS.maxDeadlineHours),
  onTimeout: z.enum(['approve', 'reject']),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

/** Today's behaviour, and what a version published before approvals existed reads as. */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  mode: 'automatic',
  withinDays: null,
  aboveAskingPrice: null,
  deadlineHours: APPROVAL_LIMITS.defaultDeadlineHours,
  onTimeout: 'approve',
};

export const resalePolicySchema = z.object({
  resaleEnabled: z.boolean(),
  rates: selection,
  roomTypes: selection,
  channels: z.array(z.enum(RESALE_CHANNELS)).max(RESALE_CHANNELS.length),
  /** No listing and no sale within this many hours of check-in. */
  cutOffHours: z
    .number({ error: 'Give the cut-off in hours, 0 for none.' })
    .int('The cut-off is a whole number of hours.')
    .min(0, 'The cut-off cannot be below 0 hours.')
    .max(POLICY_LIMITS.maxCutOffHours, `The cut-off can be at most ${POLICY_LIMITS.maxCutOffHours} hours (a year).`),
  blackouts: z.array(blackoutSchema).max(POLICY_LIMITS.maxBlackouts),
  /** The asking price may be at most this share of the price paid; Restay's own ceiling applies too. */
  priceCapPercent: z
    .number({ error: 'Give the price cap as a percentage of the price paid.' })
    .int('The price cap is a whole percentage.')
    .min(1, 'The price cap is at least 1% of the price paid.')
    .max(100, 'The price cap can be at most 100% of the price paid.'),
  /** Left out by versions published before approvals existed, and by any that keep today's behaviour. */
  approval: approvalPolicySchema.optional(),
  /** What the buyer pays the hotel for putting the stay in their name (contract/hotel-fee.ts); none by default. */
  nameChangeFee: nameChangeFeeSchema.default(NO_NAME_CHANGE_FEE),
  /** What the hotel still charges at its desk, shown below the all-in total; nothing by default. */
  deskCharges: deskChargesSchema.default(NOTHING_AT_THE_DESK),
});
export type ResalePolicy = z.infer<typeof resalePolicySchema>;

/** What a new hotel starts from in the console: resale off, direct bookings only, 48 hours, no markup. */
export const DEFAULT_RESALE_POLICY: ResalePolicy = {
  resaleEnabled: false,
  rates: 'all',
  roomTypes: 'all',
  channels: ['direct'],
  cutOffHours: 48,
  blackouts: [],
  priceCapPercent: 100,
  nameChangeFee: NO_NAME_CHANGE_FEE,
  deskCharges: NOTHING_AT_THE_DESK,
};

/** A policy's approval section: automatic where it has none. */
export function approvalPolicyOf(policy: Pick<ResalePolicy, 'approval'>): ApprovalPolicy {
  return policy.approval ?? DEFAULT_APPROVAL_POLICY;
}

/** PUT /api/hotels/:hotelId/policy */
export const publishPolicyRequestSchema = z.object({ policy: resalePolicySchema });
export type PublishPolicyRequest = z.infer<typeof publishPolicyRequestSchema>;

/** POST /api/hotels/:hotelId/policy/pause and /resume: the admin confirmed the dialog. */
export const resaleSwitchRequestSchema = z.object({ confirm: z.literal(true) });

export const policyVersionSchema = z.object({
  version: z.number().int(),
  policy: resalePolicySchema,
  publishedAt: z.string(),
  /** The publishing admin's email. */
  publishedBy: z.string(),
});
export type PolicyVersionView = z.infer<typeof policyVersionSchema>;
export const policyVersionsSchema = z.array(policyVersionSchema);

/** GET /api/hotels/:hotelId/policy */
export const hotelPolicyViewSchema = z.object({
  hotel: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  role: z.enum(['admin', 'staff']),
  /** The live version, or null while the hotel has published none (resale is off). */
  live: policyVersionSchema.nullable(),
  /** Set while "Pause all resale" is on. */
  pausedAt: z.string().nullable(),
  /** What the console's form starts from: the live policy, else the default. */
  draft: resalePolicySchema,
});
export type HotelPolicyView = z.infer<typeof hotelPolicyViewSchema>;

/** What a publish or a switch did to the hotel's listings. */
export const policyEffectsSchema = z.object({
  paused: z.number().int(),
  resumed: z.number().int(),
  holdsReleased: z.number().int(),
});
export type PolicyEffects = z.infer<typeof policyEffectsSchema>;

/** PUT /api/hotels/:hotelId/policy's reply. */
export const publishedPolicySchema = z.object({ live: policyVersionSchema, effects: policyEffectsSchema });

/** GET /api/hotels/:hotelId/policy/catalog: the hotel's rates (with their group) and room types, as it names them. */
export const policyCatalogSchema = z.object({
  rates: z.array(z.object({ id: z.string(), name: z.string(), group: z.string().nullable() })),
  roomTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PolicyCatalog = z.infer<typeof policyCatalogSchema>;

/**
 * The short rules a buyer reads under "Resale approved by <hotel>": the cut-off, when there is one, and what
 * changes hands.
 */
export function hotelApprovalRules(policy: Pick<ResalePolicy, 'cutOffHours'>): string[] {
  const cutOff =
    policy.cutOffHours > 0 ? [`The hotel allows no resale within ${cutOffText(policy.cutOffHours)} of check-in.`] : [];
  return [...cutOff, 'The hotel puts the reservation in your name: the same room, dates and rate the seller booked.'];
}
