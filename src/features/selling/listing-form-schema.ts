import { z } from 'zod';
import { formatMajorUnits } from '../../../contract/money-format.ts';
import { priceSchema, toCents } from '../../../contract/money.ts';
import { createListingRequestSchema } from '../../../contract/selling.ts';

const create = createListingRequestSchema.shape;

/**
 * The asking price as typed (a string in the input) checked with the API's own price rule, plus the honest-price
 * ceiling when the hotel's system reports what was paid: the server refuses anything above it the same way.
 */
function askingPrice(ceiling: { maxPrice: number | null; currency: string } | null) {
  const price = z
    .string()
    .trim()
    .min(1, 'Please enter a price.')
    .transform((typed, context) => {
      const parsed = priceSchema.safeParse(typed);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
  if (!ceiling || ceiling.maxPrice === null) return price;
  const { maxPrice, currency } = ceiling;
  return price.refine(
    (value) => toCents(value) <= toCents(maxPrice),
    `The price can be at most ${formatMajorUnits(maxPrice, currency)}, what you paid at the hotel.`,
  );
}

/**
 * The listing form: title and price required, description and location optional. The hotel, its city and
 * country come from the hotel's system and are shown, not asked.
 */
export function listingFormSchema(ceiling: { maxPrice: number | null; currency: string } | null) {
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
