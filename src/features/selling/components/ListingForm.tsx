import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { priceStep } from '../../../../contract/currencies.ts';
import type { Listing } from '../../../../contract/listing.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import { roomTypeOf } from '../../../../contract/room-type.ts';
import { LISTING_LIMITS, type FoundReservation } from '../../../../contract/selling.ts';
import { buyerCancellationNote, sellerReceives } from '../../../../contract/payouts.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useCreateListing, type CreatedListing } from '../api/create-listing.ts';
import {
  listingFormSchema,
  currencyMessage,
  overCapMessage,
  type ListingFormInput,
  type ListingFormOutput,
} from '../listing-form-schema.ts';
import { stepLabel } from '../listing-steps.ts';
import type { TypedListing } from '../listing-draft.ts';
import { ErrorBox, fieldMessages } from './ErrorBox.tsx';
import { fieldClass, labelClass } from './form-styles.ts';
import { DescriptionField, TextField } from './TextField.tsx';
import { ImageChoice } from './ImageChoice.tsx';
import { ListingPreview } from './ListingPreview.tsx';
import { PayoutEstimate } from './PayoutEstimate.tsx';
import { StayFacts } from './StayFacts.tsx';

const FIELD_ORDER = ['title', 'listingPrice', 'description', 'location', 'imageUrl'] as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The hotel's system gives a country code ("PT"); listings name the country ("Portugal"), as buyers search it. */
function countryName(code: string | null): string {
  if (!code) return '';
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function defaultsFrom(found: FoundReservation): ListingFormInput {
  const { reservationDetails, pricing, imageOptions } = found;
  return {
    // The room type: the room's number is the hotel's to assign, not something to sell.
    title: roomTypeOf(reservationDetails.ResourceName) ?? '',
    listingPrice: pricing.amountPaid === null ? '' : String(pricing.amountPaid),
    description: '',
    location: '',
    imageUrl: imageOptions[0] ?? '',
  };
}

/** An empty optional text is left out. */
const optional = (value: string | undefined) => (value ? value : undefined);

export type ListingFormProps = {
  found: FoundReservation;
  userId: string;
  /** What the seller had typed before the page was reloaded: it goes over the reservation's defaults. */
  typedBefore?: TypedListing;
  /** Told what is typed, as it is typed, so a reload can bring it back. */
  onTyped: (typed: TypedListing) => void;
  onCreated: (created: CreatedListing) => void;
  onStartOver: () => void;
};

/** The listing form, pre-filled from the reservation, with the card buyers will see updating beside it. */
export function ListingForm({ found, userId, typedBefore, onTyped, onCreated, onStartOver }: ListingFormProps) {
  const { pricing, reservationDetails, propertyInfo } = found;
  const schema = useMemo(() => listingFormSchema(pricing), [pricing]);
  const form = useForm<ListingFormInput, unknown, ListingFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { ...defaultsFrom(found), ...typedBefore },
  });
  const values = useWatch({ control: form.control });
  useEffect(() => onTyped(values), [values, onTyped]);
  const create = useCreateListing();
  const heading = useRef<HTMLHeadingElement>(null);
  const { errors } = form.formState;

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = form.handleSubmit((listing) => {
    create.mutate(
      {
        mewsReservationId: reservationDetails.Id,
        userId,
        listingPrice: listing.listingPrice,
        title: listing.title,
        description: optional(listing.description),
        location: optional(listing.location),
        imageUrl: optional(listing.imageUrl),
      },
      { onSuccess: onCreated },
    );
  });

  const typedPrice = Number(values.listingPrice);
  // Said as the seller types, not only on submit: the same sentence the server would refuse the price with.
  const overCap =
    currencyMessage(values.listingPrice, pricing.currency) ?? overCapMessage(values.listingPrice, pricing);
  const publicConfig = usePublicConfig().data;
  const feePercent = publicConfig?.platformFeePercent;
  const share =
    feePercent !== undefined && Number.isFinite(typedPrice) && typedPrice > 0
      ? sellerReceives(typedPrice, feePercent)
      : null;
  const receives = share === null ? null : formatMajorUnits(share, pricing.currency);
  const preview: Listing = {
    id: 'preview',
    title: values.title ?? '',
    description: values.description ?? null,
    price: Number.isFinite(typedPrice) && typedPrice > 0 ? typedPrice : 0,
    paid_price: pricing.amountPaid,
    currency: pricing.currency,
    status: 'active',
    user_id: userId,
    buyer_id: null,
    hotel_name: propertyInfo.Name,
    city: propertyInfo.Address.City ?? '',
    country: countryName(propertyInfo.Address.CountryCode),
    location: values.location ?? null,
    latitude: null,
    longitude: null,
    image_url: values.imageUrl || null,
    room_type: roomTypeOf(reservationDetails.ResourceName),
    // The card shows no guest count.
    guests: null,
    created_at: '',
    first_name: null,
    start_utc: reservationDetails.StartUtc,
    end_utc: reservationDetails.EndUtc,
    reservations: { start_utc: reservationDetails.StartUtc, end_utc: reservationDetails.EndUtc },
    time_zone: propertyInfo.TimeZone,
  };
  const invalid = (field: keyof ListingFormInput) => (errors[field] ? true : undefined);
  const descriptionLength = values.description?.length ?? 0;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="listing-form-heading"
        className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <p className="text-sm font-medium text-brand-700">{stepLabel(3)}</p>
        <h2
          id="listing-form-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 focus:outline-none"
        >
          Create your listing
        </h2>
        <StayFacts reservation={found} />
        <ErrorBox messages={fieldMessages(errors, FIELD_ORDER)}>
          {create.isError ? <p>✗ Failed to create listing: {create.error.message}</p> : null}
        </ErrorBox>

        <TextField
          id="listing-title"
          label="Title"
          maxLength={LISTING_LIMITS.title}
          aria-invalid={invalid('title')}
          hint='Describe the accommodation type, not the location - for example "Deluxe double room with balcony".'
          {...form.register('title')}
        />

        <div>
          <label htmlFor="listing-price" className={labelClass}>
            Price ({pricing.currency})
          </label>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <input
              id="listing-price"
              type="number"
              inputMode="decimal"
              min="0"
              step={priceStep(pricing.currency)}
              aria-describedby="listing-price-cap listing-price-paid"
              aria-invalid={overCap ? true : invalid('listingPrice')}
              className={`${fieldClass} max-w-40`}
              {...form.register('listingPrice')}
            />
            <p id="listing-price-paid" className="mt-1 text-sm text-slate-600">
              {pricing.amountPaid === null ? null : (
                <span className="block">
                  You paid {formatMajorUnits(pricing.amountPaid, pricing.currency)} at the hotel
                </span>
              )}
              {pricing.maxPrice === null ? null : (
                <span className="block">
                  The most you can ask is {formatMajorUnits(pricing.maxPrice, pricing.currency)}
                </span>
              )}
              {receives === null ? null : (
                <span className="block font-medium text-slate-900">
                  You receive {receives}
                  {feePercent ? ` after the ${feePercent}% service fee` : ''}
                </span>
              )}
              {share === null ? null : <PayoutEstimate amount={share} currency={pricing.currency} />}
              {publicConfig ? <span className="block">{buyerCancellationNote(publicConfig.payoutRelease)}</span> : null}
            </p>
          </div>
          <p id="listing-price-cap" aria-live="polite" className="mt-1 text-sm font-medium text-red-700">
            {overCap}
          </p>
        </div>

        <DescriptionField
          id="listing-description"
          length={descriptionLength}
          aria-invalid={invalid('description')}
          {...form.register('description')}
        />

        <TextField
          id="listing-location"
          label="Location / region"
          optional
          maxLength={LISTING_LIMITS.location}
          aria-invalid={invalid('location')}
          {...form.register('location')}
        />

        <ImageChoice options={found.imageOptions} field={form.register('imageUrl')} selected={values.imageUrl} />

        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={create.isPending} className={`${primaryButton} w-full sm:w-auto`}>
            {create.isPending ? 'Creating listing...' : 'Create Listing'}
          </button>
          <button type="button" onClick={onStartOver} className={`${secondaryButton} w-full sm:w-auto`}>
            Start Over
          </button>
        </div>
      </form>
      <ListingPreview listing={preview} />
    </div>
  );
}
