import { z } from 'zod';
import { chargeRefusal } from '../../../contract/currencies.ts';
import { priceSchema, toCents } from '../../../contract/money.ts';
import { createListingRequestSchema, type FoundReservation } from '../../../contract/selling.ts';

const create = createListingRequestSchema.shape;

/** The ceiling the server holds the asking price to, and the sentence it refuses a higher price with. */
export type PriceCeiling = Pick<FoundReservation['pricing'], 'maxPrice' | 'overCapMessage'>;

/** The server's sentence for a price the currency cannot be charged in (decimals, the least or most), else null. */
export function currencyMessage(typed: string | undefined, currency: string): string | null {
  const parsed = priceSchema.safeParse((typed ?? '').trim());
  return parsed.success ? chargeRefusal(toCents(parsed.data), currency) : null;
}

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

/**
 * The asking price as typed (a string in the input) checked with the API's own price rule, the currency's
 * rule and the ceiling.
 */
function askingPrice(ceiling: PriceCeiling | null, currency: string) {
  return z
    .string()
    .trim()
    .min(1, 'Please enter a price.')
    .superRefine((typed, context) => {
      const refused = currencyMessage(typed, currency) ?? overCapMessage(typed, ceiling);
      if (refused) context.addIssue({ code: 'custom', message: refused });
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
export function listingFormSchema(pricing: PriceCeiling & { currency: string }) {
  return z.object({
    title: create.title,
    listingPrice: askingPrice(pricing, pricing.currency),
    description: create.description,
    location: create.location,
    imageUrl: create.imageUrl,
  });
}
export type ListingFormInput = z.input<ReturnType<typeof listingFormSchema>>;
export type ListingFormOutput = z.output<ReturnType<typeof listingFormSchema>>;

/** What a seller may edit on an existing listing, held to the ceiling the server gave for it (and checked again). */
export function editListingSchema(currency: string, ceiling: PriceCeiling | null) {
  return z.object({
    title: create.title,
    listingPrice: askingPrice(ceiling, currency),
    description: create.description,
  });
}
export type EditListingInput = z.input<ReturnType<typeof editListingSchema>>;
export type EditListingOutput = z.output<ReturnType<typeof editListingSchema>>;
