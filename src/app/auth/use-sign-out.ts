import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getSupabase } from '../../lib/supabase.ts';
import { LOGOUT_REDIRECT_MS } from '../../lib/ui-constants.ts';

/**
 * Sign Out: ends the session, says so, and goes home after LOGOUT_REDIRECT_MS. `signingOut` holds from the
 * click until the home page is on screen, so the protected page being left never asks the person to sign in.
 */
export function useSignOut(supabase: SupabaseClient | null, onSignedOut: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (leaving && pathname === '/') {
    setLeaving(false);
    setSigningOut(false);
  }

  const signOut = useCallback(async () => {
    setSigningOut(true);
    const client = supabase ?? (await getSupabase());
    const { error } = await client.auth.signOut();
    if (error) console.warn('Sign-out failed', error);
    onSignedOut();
    setTimeout(() => {
      setLeaving(true);
      void navigate('/');
    }, LOGOUT_REDIRECT_MS);
  }, [supabase, navigate, onSignedOut]);

  return { signOut, signingOut };
}
