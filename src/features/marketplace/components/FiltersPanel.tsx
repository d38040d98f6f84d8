import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { useReturnFocus } from '../../../components/ui/use-return-focus.ts';

type Props = {
  onClose: () => void;
  /** What the filters on screen find: "Show 12 stays", or "Show stays" while the count is on its way. */
  showLabel: string;
  children: ReactNode;
};

/**
 * A side panel dialog (the whole screen on a phone): Escape, the overlay, the close control and "Show N stays"
 * close it; focus stays inside while it is open. The filters apply as they change: the button only closes.
 */
export function FiltersPanel({ onClose, showLabel, children }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay data-testid="filters-overlay" className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Filters</Dialog.Title>
            <Dialog.Close aria-label="Close filters" className="rounded-full p-2 hover:bg-slate-100">
              <span aria-hidden="true">✕</span>
            </Dialog.Close>
          </div>
          <div className="flex-1">{children}</div>
          <Dialog.Close className={`${primaryButton} w-full`}>{showLabel}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
