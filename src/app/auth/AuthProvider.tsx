import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGOUT_REDIRECT_MS } from '../../lib/ui-constants.ts';
import { Toast } from '../../components/ui/Toast.tsx';
import { setAccessTokenGetter } from '../../lib/api-client.ts';
import { getSupabase, mayHaveSession } from '../../lib/supabase.ts';
import { AuthContext, intendedPath, SignInDialogContext, type AuthContextValue, type AuthStatus } from '../../lib/auth-context.ts';
import { readOAuthCallbackError } from './oauth-callback-error.ts';

// The dialog (and its modal library) loads when it first opens; guests who never sign in never download it.
const SignInDialog = lazy(() => import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })));

const TOAST_MS = 3_000;

/** Every signed-in person has a profile row; the first session creates it (id, email, empty names). */
async function ensureProfile(client: SupabaseClient, user: User): Promise<void> {
  const existing = await client.from('profiles').select('id').eq('id', user.id).maybeSingle();
  if (existing.error) throw existing.error;
  if (existing.data) return;
  const inserted = await client
    .from('profiles')
    .insert({ id: user.id, email: user.email ?? null, first_name: '', last_name: '', display_name: '' });
  // 23505: another tab (or the repeated SIGNED_IN event) inserted it first, which is what we wanted.
  if (inserted.error && inserted.error.code !== '23505') throw inserted.error;
}

/** Session state, the sign-in dialog and sign-out, for the whole SPA. Lives inside the router. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [supabase, setSupabase] = useState<SupabaseClient | null>(null);
  const [auth, setAuth] = useState<{ status: AuthStatus; session: Session | null }>({ status: 'loading', session: null });
  const [dialog, setDialog] = useState<{ open: boolean; path?: string }>({ open: false });
  const [toast, setToast] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [leavingAfterSignOut, setLeavingAfterSignOut] = useState(false);
  // Sign-out ends only once the home page is on screen: a protected page still showing when it ended would greet
  // the person who just signed out with the sign-in dialog.
  if (leavingAfterSignOut && pathname === '/') {
    setLeavingAfterSignOut(false);
    setSigningOut(false);
  }
  const [callbackError, setCallbackError] = useState(() => readOAuthCallbackError(window.location));
  const profilesEnsured = useRef(new Set<string>());

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    // Registered before the client exists, so an API call made during start-up still waits for the session.
    setAccessTokenGetter(async () => {
      // A guest's searches go out at once instead of waiting for the sign-in library's chunk and configuration.
      if (!mayHaveSession()) return null;
      try {
        return (await (await getSupabase()).auth.getSession()).data.session?.access_token ?? null;
      } catch {
        return null; // no sign-in configuration reachable: the call goes out as a guest's
      }
    });
    getSupabase().then(
      (client) => {
        if (!active) return;
        setSupabase(client);
        const { data } = client.auth.onAuthStateChange((_event, session) => {
          setAuth({ status: session ? 'signedIn' : 'signedOut', session });
          const user = session?.user;
          if (!user || profilesEnsured.current.has(user.id)) return;
          profilesEnsured.current.add(user.id);
          // Deferred: supabase-js holds its auth lock during this callback, and a query would wait on it.
          setTimeout(() => {
            ensureProfile(client, user).catch((error: unknown) => {
              profilesEnsured.current.delete(user.id);
              console.warn('Could not create the profile row', error);
            });
          }, 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        console.warn('Sign-in is unavailable: could not load the run-time configuration', error);
        if (active) setAuth({ status: 'signedOut', session: null });
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  // Google brings everyone back to /profile; from there, go on to the page they were trying to reach.
  useEffect(() => {
    if (auth.status !== 'signedIn' || pathname !== '/profile') return;
    const target = intendedPath.take();
    if (target && target !== '/profile') navigate(target, { replace: true });
  }, [auth.status, pathname, navigate]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const signInWithGoogle = useCallback(async () => {
    const client = supabase ?? (await getSupabase());
    const { error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/profile` },
    });
    if (error) throw error;
  }, [supabase]);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    const client = supabase ?? (await getSupabase());
    const { error } = await client.auth.signOut();
    if (error) console.warn('Sign-out failed', error);
    setAuth({ status: 'signedOut', session: null });
    setToast('Logged out successfully');
    setTimeout(() => {
      setLeavingAfterSignOut(true);
      navigate('/');
    }, LOGOUT_REDIRECT_MS);
  }, [supabase, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...auth, user: auth.session?.user ?? null, supabase, signInWithGoogle, signOut, signingOut }),
    [auth, supabase, signInWithGoogle, signOut, signingOut],
  );
  const close = useCallback(() => setDialog({ open: false }), []);
  const controls = useMemo(
    () => ({
      open: (path?: string) => {
        if (path) intendedPath.remember(path);
        setDialog({ open: true, path });
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
        {callbackError && (
          <div
            role="alert"
            className="fixed inset-x-4 top-20 z-50 mx-auto flex max-w-lg items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 shadow-lg"
          >
            <p className="flex-1">Google sign-in failed: {callbackError}. Please try again.</p>
            <button type="button" className="font-medium underline" onClick={() => setCallbackError(null)}>
              Dismiss
            </button>
          </div>
        )}
      </SignInDialogContext.Provider>
    </AuthContext.Provider>
  );
}
