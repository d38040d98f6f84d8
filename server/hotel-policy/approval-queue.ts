import { toMajor } from '../../contract/money.ts';
import { formatCents } from '../../contract/money-format.ts';
import {
  approvalPolicyOf,
  CHANNEL_LABELS,
  cutOffText,
  type PolicyCatalog,
  type ResaleChannel,
  type ResalePolicy,
} from '../../contract/resale-policy.ts';
import {
  REJECTION_REASON_LABELS,
  type ApprovalDecision,
  type ApprovalsView,
  type PendingApproval,
} from '../../contract/stay-approvals.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { hotelStanding } from '../resale-policy/standing.ts';
import { listingsWithHotel } from '../resale-policy/ask-hotel.ts';
import type { PmsReservation } from '../selling/pms/pms.ts';

/** How many decisions the console's history shows (the newest). */
const HISTORY_LENGTH = 50;

type PendingRow = Awaited<ReturnType<typeof pendingRows>>[number];

function pendingRows(deps: BuyingDeps, hotelId: string) {
  return listingsWithHotel(deps.db)
    .select([
      'listings.id',
      'listings.title',
      'listings.price_cents',
      'listings.currency',
      'listings.approval_deadline',
      'reservations.external_id',
      'reservations.enterprise_id',
      'reservations.confirmation_number',
      'reservations.guest_first_name',
      'reservations.guest_last_name',
      'reservations.start_utc',
      'reservations.end_utc',
      'listings.room_type',
      'reservations.rate_id',
      'reservations.channels',
      'reservations.amount_paid_cents',
    ])
    .where('hotels.id', '=', hotelId)
    .where('listings.status', '=', 'awaiting_hotel')
    .orderBy('listings.approval_deadline')
    .execute();
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || 'Unknown';

/** The hotel's name for a rate id, from its catalog when its system listed it, else the id. */
const rateName = (catalog: PolicyCatalog | null, rateId: string | null) =>
  rateId === null ? null : (catalog?.rates.find((rate) => rate.id === rateId)?.name ?? rateId);

/** The reservation as the hotel's system holds it now; Restay's last copy when the system did not answer. */
function reservationView(row: PendingRow, fresh: PmsReservation | null, catalog: PolicyCatalog | null) {
  const channels: readonly ResaleChannel[] = fresh?.resale.channels ?? row.channels;
  const paidCents = fresh ? fresh.amountPaidCents : row.amount_paid_cents;
  return {
    live: fresh !== null,
    confirmationNumber: fresh?.confirmationNumber ?? row.confirmation_number,
    guest: fresh
      ? fullName(fresh.guest.firstName, fresh.guest.lastName)
      : fullName(row.guest_first_name, row.guest_last_name),
    startUtc: (fresh?.startUtc ?? row.start_utc).toISOString(),
    endUtc: (fresh?.endUtc ?? row.end_utc).toISOString(),
    roomType: fresh ? fresh.roomName : row.room_type,
    rate: rateName(catalog, fresh ? fresh.resale.rateId : row.rate_id),
    channels: channels.map((channel) => CHANNEL_LABELS[channel]),
    amountPaid: paidCents === null ? null : toMajor(paidCents),
  };
}

/** The policy lines the stay meets, and why it waits for the hotel, in the hotel's words. */
export function policyLines(policy: ResalePolicy, row: PendingRow): string[] {
  const approval = approvalPolicyOf(policy);
  const lines = [
    `Booked through ${row.channels.map((channel) => CHANNEL_LABELS[channel].toLowerCase()).join(', ')}: allowed`,
    policy.rates === 'all' ? 'Any rate may be resold' : 'Its rate is one you allow for resale',
    policy.roomTypes === 'all' ? 'Any room type may be resold' : 'Its room type is one you allow for resale',
  ];
  if (policy.cutOffHours > 0) lines.push(`Check-in is more than ${cutOffText(policy.cutOffHours)} away`);
  if (row.amount_paid_cents !== null && row.amount_paid_cents > 0) {
    const share = Math.round((row.price_cents / row.amount_paid_cents) * 100);
    lines.push(`Asks ${share}% of the price paid; you allow up to ${policy.priceCapPercent}%`);
  }
  if (approval.withinDays !== null) lines.push(`You approve stays within ${approval.withinDays} days of check-in`);
  if (approval.aboveAskingPrice !== null)
    lines.push(`You approve stays asking more than ${formatCents(approval.aboveAskingPrice * 100, row.currency)}`);
  return lines;
}

/**
 * The console's Approvals page: every listing waiting for this hotel, each read afresh from the hotel's system
 * (a reservation it cannot read now shows Restay's last copy, marked so), and the latest decisions taken.
 */
export async function approvalsView(deps: BuyingDeps, hotel: { id: string; name: string }): Promise<ApprovalsView> {
  const rows = await pendingRows(deps, hotel.id);
  const standing = await hotelStanding(deps.db, { hotelId: hotel.id }, hotel.name);
  const catalog = await readCatalog(deps, hotel.id, rows.length > 0);
  const pending = await Promise.all(
    rows.map(async (row): Promise<PendingApproval> => {
      const lookup = await deps.pms
        .findByExternalId(row.external_id, row.enterprise_id ? { enterpriseId: row.enterprise_id } : undefined)
        .catch(() => null);
      const fresh = lookup?.kind === 'found' ? lookup.reservation : null;
      const policy = standing.policy;
      return {
        listingId: row.id,
        title: row.title,
        askingPrice: toMajor(row.price_cents),
        currency: row.currency,
        deadlineUtc: (row.approval_deadline ?? new Date(0)).toISOString(),
        onTimeout: approvalPolicyOf(policy ?? {}).onTimeout,
        reservation: reservationView(row, fresh, catalog),
        policyLines: policy ? policyLines(policy, row) : [],
      };
    }),
  );
  return { pending, decisions: await decisionsOf(deps, hotel.id) };
}

/** The hotel's rates by name, when there is anything to name and its system answers. */
async function readCatalog(deps: BuyingDeps, hotelId: string, needed: boolean): Promise<PolicyCatalog | null> {
  if (!needed || !deps.pms.readResaleCatalog) return null;
  const { token_key } = await deps.db
    .selectFrom('hotels')
    .select('token_key')
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return deps.pms.readResaleCatalog(token_key).catch(() => null);
}

async function decisionsOf(deps: BuyingDeps, hotelId: string): Promise<ApprovalDecision[]> {
  const rows = await deps.db
    .selectFrom('listing_approval_decisions as d')
    .innerJoin('listings', 'listings.id', 'd.listing_id')
    .leftJoin('profiles', 'profiles.id', 'd.decided_by')
    .select(['d.listing_id', 'listings.title', 'd.decision', 'd.reason', 'd.note', 'd.decided_at', 'profiles.email'])
    .where('d.hotel_id', '=', hotelId)
    .orderBy('d.decided_at', 'desc')
    .limit(HISTORY_LENGTH)
    .execute();
  return rows.map((row) => ({
    listingId: row.listing_id,
    title: row.title,
    decision: row.decision,
    reason: row.reason ? REJECTION_REASON_LABELS[row.reason] : null,
    note: row.note,
    decidedBy: row.email,
    decidedAt: row.decided_at.toISOString(),
  }));
}
