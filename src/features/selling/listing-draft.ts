import { z } from 'zod';
import { readSessionItem, writeSessionItem } from '../../lib/session-storage.ts';

/**
 * A seller part-way through listing a stay, kept in this tab's session storage. A phone that reloads the page, or
 * drops the tab while the seller reads their email, brings them back to the reservation they verified and what
 * they typed, instead of to step 1, a new code (a few an hour) and an empty form. The server still decides: the
 * form reads the reservation again under the seller's ownership proof, and a lapsed proof ends in Start Over.
 */
const draftSchema = z.object({
  userId: z.string(),
  reservationId: z.string(),
  values: z
    .object({
      title: z.string(),
      listingPrice: z.string(),
      description: z.string(),
      location: z.string(),
      imageUrl: z.string(),
    })
    .partial()
    .optional(),
});
export type ListingDraft = z.infer<typeof draftSchema>;
/** What the seller has typed into the listing form so far. */
export type TypedListing = NonNullable<ListingDraft['values']>;

const STORAGE_KEY = 'restay.listing-draft';

/** This seller's draft in this tab, if any; another account's draft (a shared phone) is not theirs to see. */
export function readListingDraft(userId: string): ListingDraft | null {
  try {
    const draft = draftSchema.safeParse(JSON.parse(readSessionItem(STORAGE_KEY) ?? 'null'));
    return draft.success && draft.data.userId === userId ? draft.data : null;
  } catch {
    return null; // not JSON: not a draft
  }
}

export const saveListingDraft = (draft: ListingDraft) => writeSessionItem(STORAGE_KEY, JSON.stringify(draft));

export const clearListingDraft = () => writeSessionItem(STORAGE_KEY, null);
