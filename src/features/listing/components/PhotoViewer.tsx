import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';

type Props = {
  src: string;
  title: string;
  onClose: () => void;
  /** Where focus goes back once the viewer has closed: the photo that opened it. */
  opener: RefObject<HTMLElement | null>;
};

/** A stay's photo as large as the screen allows, over the page; Escape, the Close button or a press outside close it. */
export default function PhotoViewer({ src, title, onClose, opener }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/85" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 focus:outline-none"
          onClick={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <img src={src} alt={title} className="max-h-[85vh] max-w-full rounded-lg object-contain shadow-2xl" />
          <Dialog.Close className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            Close
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
