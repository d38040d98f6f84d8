import { z } from 'zod';

/**
 * The hotel's name-change fee and what the hotel still charges at its desk: parts of the resale policy, kept as
 * nested objects with defaults so that every version published before they existed still reads (no fee, nothing
 * said about the desk). Amounts are hundredths of the major unit of the hotel's currency, which is the stay's.
 */

export const FEE_LIMITS = {
  /** The largest fee, deposit or per-night tax a hotel may type: 10,000 in its currency's major unit. */
  maxAmountCents: 1_000_000,
  /** The largest city tax given as a share of the stay's price. */
  maxCityTaxPercent: 25,
  maxCancellationTermsLength: 500,
} as const;

const amount = (what: string) =>
  z
    .number({ error: `Please enter the ${what} as an amount, 0 for none.` })
    .int(`The ${what} must be a whole number of cents.`)
    .min(0, `The ${what} cannot be negative.`)
    .max(FEE_LIMITS.maxAmountCents, `The ${what} can be at most ${FEE_LIMITS.maxAmountCents / 100}.`);

export const nameChangeFeeSchema = z.object({ amountCents: amount('name-change fee') });
export type NameChangeFee = z.infer<typeof nameChangeFeeSchema>;

/** City or tourist tax as the hotel charges it: none, an amount per person per night, or a share of the price. */
export const cityTaxSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('per_person_night'), amountCents: amount('city tax') }),
  z.object({
    kind: z.literal('percent'),
    percent: z
      .number({ error: 'Please enter the city tax as a percentage.' })
      .min(0, 'The city tax cannot be negative.')
      .max(FEE_LIMITS.maxCityTaxPercent, `The city tax can be at most ${FEE_LIMITS.maxCityTaxPercent}% of the price.`),
  }),
]);
export type CityTax = z.infer<typeof cityTaxSchema>;

export const deskChargesSchema = z.object({
  cityTax: cityTaxSchema,
  depositCents: amount('deposit'),
  breakfastIncluded: z.boolean(),
  /** The cancellation terms in the hotel's own words; empty: the hotel said nothing. */
  cancellationTerms: z
    .string()
    .trim()
    .max(
      FEE_LIMITS.maxCancellationTermsLength,
      `Please keep the cancellation terms under ${FEE_LIMITS.maxCancellationTermsLength} characters.`,
    ),
});
export type DeskCharges = z.infer<typeof deskChargesSchema>;

export const NO_NAME_CHANGE_FEE: NameChangeFee = { amountCents: 0 };
export const NOTHING_AT_THE_DESK: DeskCharges = {
  cityTax: { kind: 'none' },
  depositCents: 0,
  breakfastIncluded: false,
  cancellationTerms: '',
};

/** The all-in price a buyer reads before paying, and what the hotel will still charge at its desk. */
export const stayTotalSchema = z.object({
  /** Major units, like every price the API shows. */
  price: z.number(),
  hotelFee: z.number(),
  allInTotal: z.number(),
  currency: z.string(),
  /** Who the fee is paid to: "Name-change fee, paid to <hotel>". */
  hotelName: z.string(),
  desk: deskChargesSchema,
});
export type StayTotal = z.infer<typeof stayTotalSchema>;
