import type { ListingStatus } from '../../../../contract/listing-status.ts';

/**
 * The seller's view of a listing's status. Active, paused (inactive) and sold have their own colours; every other
 * status (reserved, expired, withdrawn, waiting for or rejected by the hotel) wears the pending style.
 */
const BADGES: Record<ListingStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-800' },
  inactive: { label: 'Paused', className: 'bg-slate-200 text-slate-700' },
  sold: { label: 'Sold', className: 'bg-slate-800 text-white' },
  reserved: { label: 'Reserved', className: 'bg-amber-100 text-amber-800' },
  expired: { label: 'Expired', className: 'bg-amber-100 text-amber-800' },
  withdrawn: { label: 'Withdrawn', className: 'bg-amber-100 text-amber-800' },
  awaiting_hotel: { label: 'Waiting for the hotel', className: 'bg-amber-100 text-amber-800' },
  rejected_by_hotel: { label: 'Rejected by the hotel', className: 'bg-amber-100 text-amber-800' },
};

export function SellerStatusBadge({ status }: { status: ListingStatus }) {
  const badge = BADGES[status];
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}
