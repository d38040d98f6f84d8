import type { SupabaseClient } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions, type ProfileNames } from '../../../lib/profile.ts';

/** The database refused the write (e.g. a row-level security policy), as opposed to the call failing. */
export class ProfileWriteRefused extends Error {
  constructor(readonly reason: unknown) {
    super('Profile update refused');
    this.name = 'ProfileWriteRefused';
  }
}

/** Saves the names (with updated_at) and keeps the loaded profile in step with what was saved. */
export function useSaveProfile(supabase: SupabaseClient, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (names: ProfileNames) => {
      const { error } = await supabase
        .from('profiles')
        .upsert({ id: userId, ...names, updated_at: new Date().toISOString() });
      if (error) throw new ProfileWriteRefused(error);
      return names;
    },
    onSuccess: (names) => queryClient.setQueryData(profileQueryOptions(supabase, userId).queryKey, names),
  });
}
