import { useAuth } from '../../app/auth/auth-context.ts';

/**
 * The signed-in seller's id. The selling pages sit behind the sign-in guard, so a user is always present; the
 * one import of the auth hook lives here so it moves in one place when the hook leaves app/.
 */
export function useSellerId(): string {
  return useAuth().user?.id ?? '';
}
