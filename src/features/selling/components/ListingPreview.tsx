import type { Listing } from '../../../../contract/listing.ts';
import { ListingCard } from '../../../components/listings/ListingCard.tsx';

/** A placeholder until the seller types a title, so the preview never shows an empty heading. */
export const PREVIEW_TITLE_PLACEHOLDER = 'Your listing title';

/**
 * The card exactly as buyers will see it in search, built from what the seller has typed so far. Its link
 * would lead to a listing that does not exist yet, so clicks on it are held back; the photo arrows still work.
 */
export function ListingPreview({ listing }: { listing: Listing }) {
  return (
    <aside aria-labelledby="listing-preview-heading" className="lg:sticky lg:top-24">
      <h2 id="listing-preview-heading" className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Preview
      </h2>
      <div
        onClickCapture={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
        }}
      >
        <ListingCard listing={{ ...listing, title: listing.title.trim() || PREVIEW_TITLE_PLACEHOLDER }} />
      </div>
      <p className="mt-3 text-xs text-slate-500">This is how buyers will see your stay in the marketplace.</p>
    </aside>
  );
}
