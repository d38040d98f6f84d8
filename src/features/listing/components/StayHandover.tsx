import type { Listing } from '../../../../contract/listing.ts';

export const HANDOVER_TEXT =
  "The reservation is put in the buyer's name at the hotel, and check-in is under their name.";
/** The seller looking at their own stay: what happens to their reservation when it sells. */
export const SELLER_HANDOVER_TEXT =
  "When someone buys this stay, the hotel puts your reservation in the buyer's name; we email you, and your " +
  'payout follows.';

const guestsText = (guests: number) => `${guests} ${guests === 1 ? 'guest' : 'guests'}`;

/**
 * What the buyer takes over: the room as the hotel booked it, for how many, and that it becomes theirs (said to
 * the `seller` as what happens to their reservation).
 */
export function StayHandover({
  listing,
  seller = false,
}: {
  listing: Pick<Listing, 'room_type' | 'guests'>;
  seller?: boolean;
}) {
  return (
    <section aria-labelledby="stay-handover-heading" className="mt-8">
      <h2 id="stay-handover-heading" className="text-xl font-semibold text-slate-900">
        What changes hands
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:max-w-lg">
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-500">Room type</dt>
          <dd className="mt-1 font-semibold text-slate-900">{listing.room_type ?? 'Not provided'}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-500">Guests</dt>
          <dd className="mt-1 font-semibold text-slate-900">
            {listing.guests === null ? 'Not provided' : guestsText(listing.guests)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-slate-700">{seller ? SELLER_HANDOVER_TEXT : HANDOVER_TEXT}</p>
    </section>
  );
}
