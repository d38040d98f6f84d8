import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';

export type ProfileNames = { first_name: string; last_name: string; display_name: string };

/**
 * The signed-in person's names from the profiles table: edited on the profile page, and the starting point of
 * the guest's name when they pay for a stay.
 */
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
