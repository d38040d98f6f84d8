import { statusBadgeOf, type BadgeTone, type ViewedListing } from '../../lib/listing-viewing.ts';

const TONE_CLASSES: Record<BadgeTone, string> = {
  sold: 'bg-slate-800 text-white',
  purchased: 'bg-emerald-700 text-white',
  pending: 'bg-amber-100 text-amber-800',
  gone: 'bg-slate-200 text-slate-800',
};

/** A listing's status badge (SOLD, PURCHASED, RESERVED, NO LONGER AVAILABLE), or nothing for an active or inactive listing. */
export function StatusBadge({ listing, viewerId }: { listing: ViewedListing; viewerId: string | null }) {
  const badge = statusBadgeOf(listing, viewerId);
  if (!badge) return null;
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold tracking-wide ${TONE_CLASSES[badge.tone]}`}>
      {badge.label}
    </span>
  );
}
