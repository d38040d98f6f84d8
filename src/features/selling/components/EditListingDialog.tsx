import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { priceStep } from '../../../../contract/currencies.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import type { SellerListing } from '../../../../contract/handover.ts';
import { LISTING_LIMITS } from '../../../../contract/selling.ts';
import { DialogActions } from '../../../components/ui/DialogActions.tsx';
import { useUpdateListing } from '../api/change-listing.ts';
import {
  currencyMessage,
  editListingSchema,
  overCapMessage,
  type EditListingInput,
  type EditListingOutput,
} from '../listing-form-schema.ts';
import { overlayClass, panelClass, dialogTitleClass } from './dialog-styles.ts';
import { ErrorBox, fieldMessages } from './ErrorBox.tsx';
import { fieldClass, labelClass } from './form-styles.ts';
import { DescriptionField, TextField } from './TextField.tsx';

type Props = { listing: SellerListing; onClose: () => void; onSaved: () => void };

/** Edit a listing's title, price and description with the same rules as the listing form. */
export function EditListingDialog({ listing, onClose, onSaved }: Props) {
  const form = useForm<EditListingInput, unknown, EditListingOutput>({
    resolver: zodResolver(editListingSchema(listing.currency, listing.priceCeiling)),
    defaultValues: {
      title: listing.title,
      listingPrice: String(listing.price),
      description: listing.description ?? '',
    },
  });
  const update = useUpdateListing();
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const typedPrice = useWatch({ control: form.control, name: 'listingPrice' });
  // Said as the seller types, not only on save: the sentence the server would refuse the price with.
  const priceRefused =
    currencyMessage(typedPrice, listing.currency) ?? overCapMessage(typedPrice, listing.priceCeiling);
  const { errors } = form.formState;
  const invalid = (field: keyof EditListingInput) => (errors[field] ? true : undefined);

  const onSubmit = form.handleSubmit((changes) => {
    update.mutate({ id: listing.id, changes }, { onSuccess: onSaved });
  });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={panelClass}>
          <Dialog.Title className={dialogTitleClass}>Edit listing</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Change how “{listing.title}” appears to buyers.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <ErrorBox
              messages={[
                ...fieldMessages(errors, ['title', 'listingPrice', 'description']),
                update.isError ? update.error.message : null,
              ]}
            />
            <TextField
              id="edit-title"
              label="Title"
              maxLength={LISTING_LIMITS.title}
              aria-invalid={invalid('title')}
              {...form.register('title')}
            />
            <div>
              <label htmlFor="edit-price" className={labelClass}>
                Price ({listing.currency})
              </label>
              <input
                id="edit-price"
                type="number"
                inputMode="decimal"
                min="0"
                step={priceStep(listing.currency)}
                aria-invalid={priceRefused ? true : invalid('listingPrice')}
                aria-describedby="edit-price-limit"
                className={`${fieldClass} max-w-40`}
                {...form.register('listingPrice')}
              />
              {listing.priceCeiling ? (
                <p className="mt-1 text-sm text-slate-600">
                  The most you can ask is {formatMajorUnits(listing.priceCeiling.maxPrice, listing.currency)}
                </p>
              ) : null}
              <p id="edit-price-limit" aria-live="polite" className="mt-1 text-sm font-medium text-red-700">
                {priceRefused}
              </p>
            </div>
            <DescriptionField
              id="edit-description"
              length={description.length}
              aria-invalid={invalid('description')}
              {...form.register('description')}
            />
            <DialogActions submitLabel="Save Changes" pending={update.isPending} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
