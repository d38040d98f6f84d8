import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  savedSearchSchema,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type UpdateSavedSearchRequest,
} from '../../../contract/alerts.ts';
import { apiPost, apiPut, parseResponse } from '../../lib/api-client.ts';

/** The cache key of the signed-in person's saved searches (GET /api/saved-searches). */
export const savedSearchesKey = ['saved-searches'] as const;

const savedReplySchema = z.object({ data: savedSearchSchema }).transform((reply) => reply.data);

/** The person's time zone as the browser knows it: their daily digest goes out at their hour there. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** POST /api/saved-searches. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateSavedSearchRequest): Promise<SavedSearch> =>
      parseResponse(savedReplySchema, await apiPost('/api/saved-searches', request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** PUT /api/saved-searches/:id: rename, change, pause or resume. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateSavedSearchRequest }): Promise<SavedSearch> => {
      const reply = await apiPut(`/api/saved-searches/${encodeURIComponent(id)}`, changes);
      return parseResponse(savedReplySchema, reply);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
