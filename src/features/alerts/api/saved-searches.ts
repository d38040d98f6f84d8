import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { savedSearchListSchema, type SavedSearchList } from '../../../../contract/alerts.ts';
import { savedSearchesKey } from '../../../components/alerts/saved-search-api.ts';
import { apiDelete, apiGet, parseResponse } from '../../../lib/api-client.ts';

const listReplySchema = z.object({ data: savedSearchListSchema }).transform((reply) => reply.data);

/** GET /api/saved-searches: the person's searches with how many stays match now, and their digest time. */
export async function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  return parseResponse(listReplySchema, await apiGet('/api/saved-searches', undefined, { signal }));
}

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKey, queryFn: ({ signal }) => getSavedSearches(signal) });
}

/** DELETE /api/saved-searches/:id. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiDelete(`/api/saved-searches/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
