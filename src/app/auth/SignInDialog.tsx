import { useId, useRef, useState } from 'react';
import { useModalFocus } from '../../components/ui/use-modal-focus.ts';
import { signInMessage } from './auth-context.ts';

type Props = {
  intendedPath: string | undefined;
  onClose(): void;
  onGoogle(): Promise<void>;
};

/** The modal that asks a guest to sign in with Google. Focus stays inside while open and returns to the opener. */
export function SignInDialog({ intendedPath, onClose, onGoogle }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useModalFocus(panel, onClose);

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
    <div
      data-testid="sign-in-overlay"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} className="relative w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8">
        <button type="button" aria-label="Close" onClick={onClose} className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        <h2 id={titleId} className="text-2xl font-bold tracking-tight">
          Welcome to Restay
        </h2>
        <p className="mt-2 text-slate-600">{signInMessage(intendedPath)}</p>
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
          <span aria-hidden="true" className="text-lg font-bold text-blue-600">G</span>
          {busy ? 'Redirecting to Google…' : 'Continue with Google'}
        </button>
        <p className="mt-6 text-xs text-slate-500">
          By continuing you agree to Restay&apos;s Terms of Service and acknowledge our Privacy Policy.
        </p>
      </div>
    </div>
  );
}
