import * as Dialog from '@radix-ui/react-dialog';
import type { Listing } from '../../../../contract/listing.ts';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { useWithdrawListing } from '../api/change-listing.ts';
import { overlayClass, panelClass, dialogTitleClass } from './dialog-styles.ts';
import { ErrorBox } from './ErrorBox.tsx';

const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-600 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-red-700 disabled:opacity-60';

type Props = { listing: Listing; onClose: () => void; onWithdrawn: (listing: Listing) => void };

/** Withdrawing is final, so it asks first; Keep Listing (the safe choice) has the focus when the dialog opens. */
export function WithdrawDialog({ listing, onClose, onWithdrawn }: Props) {
  const withdraw = useWithdrawListing();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content role="alertdialog" className={panelClass}>
          <Dialog.Title className={dialogTitleClass}>Withdraw this listing?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            “{listing.title}” will no longer be offered to buyers. This cannot be undone.
          </Dialog.Description>
          <div className="mt-4">
            <ErrorBox messages={[withdraw.isError ? withdraw.error.message : null]} />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className={secondaryButton}>Keep Listing</Dialog.Close>
            <button
              type="button"
              disabled={withdraw.isPending}
              className={dangerButton}
              onClick={() => withdraw.mutate(listing.id, { onSuccess: () => onWithdrawn(listing) })}
            >
              {withdraw.isPending ? 'Withdrawing...' : 'Withdraw Listing'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
