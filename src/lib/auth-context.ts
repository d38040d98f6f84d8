import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** Resolved once the run-time config is loaded; null until then. */
  supabase: SupabaseClient | null;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  /** True between Sign Out and the redirect to /, so protected pages do not ask to sign in meanwhile. */
  signingOut: boolean;
}

/** What a guest was doing when asked to sign in, which the page they come back to carries on with. */
export type SignInIntent = 'book' | 'save-search';

export interface SignInDialogControls {
  /**
   * Opens the sign-in dialog; `intendedPath` picks its message and is where sign-in returns to. With `intent`,
   * the page at that path finds it (`pendingIntent.take`) once the visitor is back and signed in.
   */
  open(intendedPath?: string, intent?: SignInIntent): void;
  close(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
export const SignInDialogContext = createContext<SignInDialogControls | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function useSignInDialog(): SignInDialogControls {
  const value = useContext(SignInDialogContext);
  if (!value) throw new Error('useSignInDialog must be used inside <AuthProvider>');
  return value;
}

const INTENDED_PATH_KEY = 'restay.intendedPath';

/** Kept in sessionStorage: it must survive the full-page trip to Google and back, and nothing longer. */
export const intendedPath = {
  remember: (path: string) => sessionStorage.setItem(INTENDED_PATH_KEY, path),
  take: () => {
    const path = sessionStorage.getItem(INTENDED_PATH_KEY);
    sessionStorage.removeItem(INTENDED_PATH_KEY);
    // Only paths inside the product: never follow a stored absolute or protocol-relative URL.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  },
};

const INTENT_KEY = 'restay.signInIntent';

/**
 * The press that asked a guest to sign in (Book Now, Save this search) and the page it was on. Kept in
 * sessionStorage beside the intended path, for the same trip; dropped when the dialog is closed unused.
 */
export const pendingIntent = {
  remember: (intent: SignInIntent, path: string) =>
    sessionStorage.setItem(INTENT_KEY, JSON.stringify({ intent, path })),
  forget: () => sessionStorage.removeItem(INTENT_KEY),
  /** True once, on the page the intent was left on: the caller opens what the guest was opening. */
  take: (intent: SignInIntent, path: string): boolean => {
    const stored = sessionStorage.getItem(INTENT_KEY);
    if (stored === null) return false;
    let left: unknown = null;
    try {
      left = JSON.parse(stored);
    } catch {
      // Not ours to read: dropped below.
    }
    const matches =
      typeof left === 'object' && left !== null && 'intent' in left && 'path' in left
        ? left.intent === intent && left.path === path
        : false;
    if (matches || left === null) sessionStorage.removeItem(INTENT_KEY);
    return matches;
  },
};

/** The dialog's message, naming what the person was trying to reach; anything else is "continue". */
export function signInMessage(path: string | undefined): string {
  const target = path ?? '';
  if (target.includes('list-my-reservation')) return 'Please sign in to list your reservation.';
  if (target.includes('my-stays')) return 'Please sign in to view your stays.';
  if (target.includes('profile')) return 'Please sign in to access your profile.';
  if (target.includes('payment')) return 'Please sign in to complete your payment.';
  if (target.includes('booking')) return 'Please sign in to manage your booking.';
  return 'Please sign in to continue.';
}
