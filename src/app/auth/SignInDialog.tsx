import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { signInMessage } from '../../lib/auth-context.ts';
import { useReturnFocus } from '../../components/ui/use-return-focus.ts';

type Props = {
  intendedPath: string | undefined;
  onClose(): void;
  onGoogle(): Promise<void>;
};

/**
 * The modal that asks a guest to sign in with Google. Escape, the close button and a click outside close it;
 * focus stays inside while it is open and returns to the opener.
 */
export function SignInDialog({ intendedPath, onClose, onGoogle }: Props) {
  const returnFocus = useReturnFocus();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await onGoogle();
    } catch (failure) {
      console.warn('Google sign-in failed', failure);
      setError('Google sign-in failed. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="sign-in-overlay"
          className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
        >
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            className="relative w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8"
          >
            <Dialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
            <Dialog.Title className="text-2xl font-bold tracking-tight">Welcome to Restay</Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-600">{signInMessage(intendedPath)}</Dialog.Description>
            {error && (
              <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            )}
            <button
              type="button"
              onClick={() => void signIn()}
              disabled={busy}
              className="mt-6 inline-flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-5 py-3 font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60"
            >
              <span aria-hidden="true" className="text-lg font-bold text-blue-600">
                G
              </span>
              {busy ? 'Redirecting to Google…' : 'Continue with Google'}
            </button>
            <p className="mt-6 text-xs text-slate-500">
              By continuing you agree to Restay&apos;s <LegalLink to="/terms">Terms of Service</LegalLink> and
              acknowledge our <LegalLink to="/privacy">Privacy Policy</LegalLink>.
            </p>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A legal page opened in a new tab, so that reading it keeps the dialog and what the guest was doing. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className="text-brand-700 underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
