import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export type ProfileNames = { first_name: string; last_name: string; display_name: string };

export const EMPTY_NAMES: ProfileNames = { first_name: '', last_name: '', display_name: '' };

/** The database refused the write (e.g. a row-level security policy), as opposed to the call failing. */
export class ProfileWriteRefused extends Error {
  constructor(readonly reason: unknown) {
    super('Profile update refused');
    this.name = 'ProfileWriteRefused';
  }
}

export const profileQueryOptions = (supabase: SupabaseClient, userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: async (): Promise<ProfileNames> => {
      // maybeSingle: the row may not exist yet on the very first visit (the session provider creates it).
      const { data, error } = await supabase
        .from('profiles')
        .select('first_name,last_name,display_name')
        .eq('id', userId)
        .maybeSingle<Partial<Record<keyof ProfileNames, string | null>>>();
      if (error) throw error;
      return {
        first_name: data?.first_name ?? '',
        last_name: data?.last_name ?? '',
        display_name: data?.display_name ?? '',
      };
    },
  });

/** Saves the names (with updated_at) and keeps the loaded profile in step with what was saved. */
export function useSaveProfile(supabase: SupabaseClient, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (names: ProfileNames) => {
      const { error } = await supabase.from('profiles').upsert({ id: userId, ...names, updated_at: new Date().toISOString() });
      if (error) throw new ProfileWriteRefused(error);
      return names;
    },
    onSuccess: (names) => queryClient.setQueryData(profileQueryOptions(supabase, userId).queryKey, names),
  });
}
