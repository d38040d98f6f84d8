import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Toast } from '../../components/ui/Toast.tsx';
import { useTimedMessage } from '../../components/ui/use-timed-message.ts';
import {
  AuthContext,
  intendedPath,
  pendingIntent,
  SignInDialogContext,
  type AuthContextValue,
  type SignInIntent,
} from '../../lib/auth-context.ts';
import { getSupabase } from '../../lib/supabase.ts';
import { OAuthCallbackAlert } from './OAuthCallbackAlert.tsx';
import { useSession } from './use-session.ts';
import { useSignOut } from './use-sign-out.ts';

// The dialog (and its modal library) loads when it first opens; guests who never sign in never download it.
const SignInDialog = lazy(() => import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })));

const TOAST_MS = 3_000;

/** Session state, the sign-in dialog and sign-out, for the whole SPA. Lives inside the router. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { supabase, auth, setAuth } = useSession();
  const [toast, showToast] = useTimedMessage(TOAST_MS);
  const onSignedOut = useCallback(() => {
    setAuth({ status: 'signedOut', session: null });
    showToast('Logged out successfully');
  }, [setAuth, showToast]);
  const { signOut, signingOut } = useSignOut(supabase, onSignedOut);
  const [dialog, setDialog] = useState<{ open: boolean; path?: string }>({ open: false });

  // Google brings everyone back to /profile; from there, go on to the page they were trying to reach.
  useEffect(() => {
    if (auth.status !== 'signedIn' || pathname !== '/profile') return;
    const target = intendedPath.take();
    if (target && target !== '/profile') void navigate(target, { replace: true });
  }, [auth.status, pathname, navigate]);

  const signInWithGoogle = useCallback(async () => {
    const client = supabase ?? (await getSupabase());
    const { error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/profile` },
    });
    if (error) throw error;
  }, [supabase]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...auth, user: auth.session?.user ?? null, supabase, signInWithGoogle, signOut, signingOut }),
    [auth, supabase, signInWithGoogle, signOut, signingOut],
  );
  // Closed without signing in (signing in leaves the page instead): the press it was asked for is not carried on.
  const close = useCallback(() => {
    pendingIntent.forget();
    setDialog({ open: false });
  }, []);
  const controls = useMemo(
    () => ({
      open: (path?: string, intent?: SignInIntent) => {
        if (path) intendedPath.remember(path);
        if (path && intent) pendingIntent.remember(intent, path);
        else pendingIntent.forget();
        setDialog({ open: true, path });
        // A guest's page has not loaded the sign-in library: start now, so Google answers the click at once.
        getSupabase().catch(() => undefined);
      },
      close,
    }),
    [close],
  );

  return (
    <AuthContext.Provider value={value}>
      <SignInDialogContext.Provider value={controls}>
        {children}
        {dialog.open && (
          <Suspense fallback={null}>
            <SignInDialog intendedPath={dialog.path} onClose={close} onGoogle={signInWithGoogle} />
          </Suspense>
        )}
        {toast && <Toast message={toast} />}
        <OAuthCallbackAlert />
      </SignInDialogContext.Provider>
    </AuthContext.Provider>
  );
}
