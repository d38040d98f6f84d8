import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  hotelPolicyViewSchema,
  policyCatalogSchema,
  policyEffectsSchema,
  policyVersionsSchema,
  publishedPolicySchema,
  type ResalePolicy,
} from '../../../../contract/resale-policy.ts';
import { apiGet, apiPost, apiPut, parseResponse } from '../../../lib/api-client.ts';

const policyUrl = (hotelId: string, rest = '') => `/api/hotels/${encodeURIComponent(hotelId)}/policy${rest}`;
const policyKey = (hotelId: string) => ['hotel', hotelId, 'policy'] as const;
const viewReply = z.object({ data: hotelPolicyViewSchema }).transform((reply) => reply.data);
const versionsReply = z.object({ data: policyVersionsSchema }).transform((reply) => reply.data);
const catalogReply = z.object({ data: policyCatalogSchema }).transform((reply) => reply.data);
const publishedReply = z.object({ data: publishedPolicySchema }).transform((reply) => reply.data);
const effectsReply = z.object({ data: policyEffectsSchema }).transform((reply) => reply.data);

/** GET /api/hotels/:hotelId/policy: the live policy, the switch, and the caller's role. */
export function useHotelPolicy(hotelId: string) {
  return useQuery({
    queryKey: policyKey(hotelId),
    queryFn: async ({ signal }) => parseResponse(viewReply, await apiGet(policyUrl(hotelId), undefined, { signal })),
  });
}

/** GET /api/hotels/:hotelId/policy/versions: every published version, newest first. */
export function usePolicyVersions(hotelId: string) {
  return useQuery({
    queryKey: [...policyKey(hotelId), 'versions'],
    queryFn: async ({ signal }) =>
      parseResponse(versionsReply, await apiGet(policyUrl(hotelId, '/versions'), undefined, { signal })),
  });
}

/** GET /api/hotels/:hotelId/policy/catalog: the hotel's rates and room types, read from its own system. */
export function usePolicyCatalog(hotelId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...policyKey(hotelId), 'catalog'],
    queryFn: async ({ signal }) =>
      parseResponse(catalogReply, await apiGet(policyUrl(hotelId, '/catalog'), undefined, { signal })),
    // The hotel's rates barely change while the form is open; one read per visit.
    staleTime: 5 * 60_000,
  });
}

/** PUT /api/hotels/:hotelId/policy: publishes a new version; answers what it did to the hotel's listings. */
export function usePublishPolicy(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: ResalePolicy) =>
      parseResponse(publishedReply, await apiPut(policyUrl(hotelId), { policy })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKey(hotelId) }),
  });
}

/** POST /api/hotels/:hotelId/policy/pause or /resume: the kill switch, once the admin confirmed. */
export function useResaleSwitch(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paused: boolean) =>
      parseResponse(effectsReply, await apiPost(policyUrl(hotelId, paused ? '/pause' : '/resume'), { confirm: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKey(hotelId) }),
  });
}
