import { useAuth } from '../../lib/auth-context.ts';

/** The signed-in seller's id. The selling pages sit behind the sign-in guard, so a user is always present. */
export function useSellerId(): string {
  return useAuth().user?.id ?? '';
}
