import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { setAccessTokenGetter } from '../../lib/api-client.ts';
import type { AuthStatus } from '../../lib/auth-context.ts';
import { getSupabase, mayHaveSession, sessionStorageKey } from '../../lib/supabase.ts';
import { useBrowserValue } from '../../lib/use-browser-value.tsx';
import { ensureProfile } from './ensure-profile.ts';

export interface SessionState {
  status: AuthStatus;
  session: Session | null;
}

/** The session's access token for API calls: a guest's go out at once, a signed-in person's carry the token. */
async function sessionAccessToken(): Promise<string | null> {
  // A guest's searches go out at once instead of waiting for the sign-in library's chunk and configuration.
  if (!mayHaveSession()) return null;
  try {
    return (await (await getSupabase()).auth.getSession()).data.session?.access_token ?? null;
  } catch {
    return null; // no sign-in configuration reachable: the call goes out as a guest's
  }
}

const SIGNED_OUT: SessionState = { status: 'signedOut', session: null };

// Registered as the auth layer loads, before anything renders: a page's first query starts in its own effects,
// which run before the effects of the provider above it, and must already wait for the session.
setAccessTokenGetter(sessionAccessToken);

/**
 * The supabase-js client and the session it reports, for the whole SPA. API calls carry the session's token
 * (a guest's go out at once); the first session of a person creates their profile row. A guest (no stored
 * session, no sign-in coming back) is signed out from the start and supabase-js is not loaded for them: it loads
 * when they choose to sign in, or when another tab stores a session.
 */
export function useSession() {
  const [supabase, setSupabase] = useState<SupabaseClient | null>(null);
  const [auth, setAuth] = useState<SessionState>({ status: 'loading', session: null });
  // The server draws a page as loading the session: it cannot see this browser's storage. The browser's first
  // render matches that markup, and the next one knows whether there can be a session at all.
  const maySignIn = useBrowserValue(mayHaveSession, true);
  const profilesEnsured = useRef(new Set<string>());

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const connect = () =>
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
    // A sign-in finished in another tab stores a session here too: follow it as supabase-js would.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== sessionStorageKey() || event.newValue === null) return;
      window.removeEventListener('storage', onStorage);
      void connect();
    };
    if (mayHaveSession()) void connect();
    else window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, []);

  const shown = useMemo(() => (auth.status === 'loading' && !maySignIn ? SIGNED_OUT : auth), [auth, maySignIn]);
  return { supabase, auth: shown, setAuth };
}
