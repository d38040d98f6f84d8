import { z } from 'zod';
import { priceSchema, toCents } from '../../../contract/money.ts';
import { createListingRequestSchema, type FoundReservation } from '../../../contract/selling.ts';

const create = createListingRequestSchema.shape;

/** The ceiling the server holds the asking price to, and the sentence it refuses a higher price with. */
export type PriceCeiling = Pick<FoundReservation['pricing'], 'maxPrice' | 'overCapMessage'>;

/**
 * The server's sentence when `typed` is a valid price above the ceiling, else null: said while the seller types
 * and again on submit. The server still refuses such a price itself.
 */
export function overCapMessage(typed: string | undefined, ceiling: PriceCeiling | null): string | null {
  if (!ceiling || ceiling.maxPrice === null) return null;
  const parsed = priceSchema.safeParse((typed ?? '').trim());
  if (!parsed.success || toCents(parsed.data) <= toCents(ceiling.maxPrice)) return null;
  return ceiling.overCapMessage;
}

/** The asking price as typed (a string in the input) checked with the API's own price rule and the ceiling. */
function askingPrice(ceiling: PriceCeiling | null) {
  return z
    .string()
    .trim()
    .min(1, 'Please enter a price.')
    .superRefine((typed, context) => {
      const overCap = overCapMessage(typed, ceiling);
      if (overCap) context.addIssue({ code: 'custom', message: overCap });
    })
    .transform((typed, context) => {
      const parsed = priceSchema.safeParse(typed);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

/**
 * The listing form: title and price required, description and location optional. The hotel, its city and
 * country come from the hotel's system and are shown, not asked.
 */
export function listingFormSchema(ceiling: PriceCeiling | null) {
  return z.object({
    title: create.title,
    listingPrice: askingPrice(ceiling),
    description: create.description,
    location: create.location,
    imageUrl: create.imageUrl,
  });
}
export type ListingFormInput = z.input<ReturnType<typeof listingFormSchema>>;
export type ListingFormOutput = z.output<ReturnType<typeof listingFormSchema>>;

/** What a seller may edit on an existing listing; the server checks the price ceiling it knows. */
export const editListingSchema = z.object({
  title: create.title,
  listingPrice: askingPrice(null),
  description: create.description,
});
export type EditListingInput = z.input<typeof editListingSchema>;
export type EditListingOutput = z.output<typeof editListingSchema>;
