import type { Listing } from '../../../contract/listing.ts';
import { StatusMessage } from '../ui/StatusMessage.tsx';
import { ListingCard } from './ListingCard.tsx';

/** The home-style grid of cards (1, 2 or 3 columns), with its own empty state. */
export function ListingGrid({ listings }: { listings: Listing[] }) {
  if (listings.length === 0) {
    return <StatusMessage title="No listings available">Check back soon for new stays</StatusMessage>;
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((listing) => (
        <li key={listing.id} className="flex">
          <ListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}
