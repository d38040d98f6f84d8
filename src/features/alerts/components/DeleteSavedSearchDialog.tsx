import * as Dialog from '@radix-ui/react-dialog';
import type { SavedSearch } from '../../../../contract/alerts.ts';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { useDeleteSavedSearch } from '../api/saved-searches.ts';
import { dialogTitleClass, overlayClass, panelClass } from './dialog-styles.ts';

const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-600 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-red-700 disabled:opacity-60';

/** Deleting asks first; Keep (the safe choice) has the focus when the dialog opens. */
export function DeleteSavedSearchDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const remove = useDeleteSavedSearch();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content role="alertdialog" className={panelClass}>
          <Dialog.Title className={dialogTitleClass}>Delete this saved search?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            You will no longer hear of stays matching “{search.name}”.
          </Dialog.Description>
          {remove.isError ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {remove.error.message}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className={secondaryButton}>Keep</Dialog.Close>
            <button
              type="button"
              disabled={remove.isPending}
              className={dangerButton}
              onClick={() => remove.mutate(search.id, { onSuccess: onClose })}
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
