import * as Dialog from '@radix-ui/react-dialog';
import { primaryButton, secondaryButton } from './button-styles.ts';

/**
 * The end of a dialog's form: what the server refused (read out at once), then Cancel and the submit button,
 * which says "Saving..." and waits while the change is on its way. Stacked on a phone, in a row from `sm`.
 */
export function DialogActions({
  submitLabel,
  pending,
  error,
}: {
  submitLabel: string;
  pending: boolean;
  error?: string;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={secondaryButton}>
          Cancel
        </Dialog.Close>
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'Saving...' : submitLabel}
        </button>
      </div>
    </>
  );
}
