import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { useResaleSwitch } from '../api/policy.ts';

const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-red-800 disabled:opacity-60';

/**
 * The kill switch, for admins: "Pause all resale" asks to confirm, then at once hides every listing at the
 * hotel, ends the checkouts under way and refuses imports (sales already paid still finish). While it is on,
 * "Resume resale" brings back what the live policy allows.
 */
export function ResaleSwitch({
  hotelId,
  hotelName,
  pausedAt,
}: {
  hotelId: string;
  hotelName: string;
  pausedAt: string | null;
}) {
  const flip = useResaleSwitch(hotelId);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const pausing = pausedAt === null;

  const confirm = () =>
    flip.mutate(pausing, {
      onSuccess: (effects) => {
        setOpen(false);
        setOutcome(
          pausing
            ? `All resale is paused. ${effects.paused} listing${effects.paused === 1 ? '' : 's'} hidden.`
            : `Resale is back on. ${effects.resumed} listing${effects.resumed === 1 ? '' : 's'} back on sale.`,
        );
      },
    });

  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{pausing ? 'Emergency stop' : 'All resale is paused'}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {pausing
          ? 'Takes every listing at the hotel off the marketplace at once and ends checkouts under way. Stays already paid for are still handed over.'
          : 'No booking at the hotel can be listed or bought until you resume.'}
      </p>
      {outcome ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {outcome}
        </p>
      ) : null}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className={`${pausing ? dangerButton : primaryButton} mt-3`}>
          {pausing ? 'Pause all resale' : 'Resume resale'}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {pausing ? `Pause all resale at ${hotelName}?` : `Resume resale at ${hotelName}?`}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-700">
              {pausing
                ? 'Every listing leaves the marketplace now, and buyers paying right now are stopped. Sellers are told why.'
                : 'Listings your live policy allows go back on sale now.'}
            </Dialog.Description>
            {flip.error ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {flip.error.message}
              </p>
            ) : null}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close type="button" className={secondaryButton}>
                Cancel
              </Dialog.Close>
              <button
                type="button"
                disabled={flip.isPending}
                className={pausing ? dangerButton : primaryButton}
                onClick={confirm}
              >
                {flip.isPending ? 'Working...' : pausing ? 'Yes, pause all resale' : 'Yes, resume resale'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
