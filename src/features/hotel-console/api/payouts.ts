import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hotelPayoutsSchema, onboardingLinkSchema, type HotelPayouts } from '../../../../contract/payouts.ts';
import { apiGet, apiPost, parseResponse } from '../../../lib/api-client.ts';
import { hotelKey } from './hotel-overview.ts';

const payoutsUrl = (hotelId: string) => `/api/hotels/${encodeURIComponent(hotelId)}/payouts`;
const replySchema = z.object({ data: hotelPayoutsSchema }).transform((reply) => reply.data);
const linkSchema = z.object({ data: onboardingLinkSchema }).transform((reply) => reply.data.url);

/** GET /api/hotels/:hotelId/payouts: the hotel's payout account and its name-change fees. */
export async function getHotelPayouts(hotelId: string, signal?: AbortSignal): Promise<HotelPayouts> {
  return parseResponse(replySchema, await apiGet(payoutsUrl(hotelId), undefined, { signal }));
}

export function useHotelPayouts(hotelId: string) {
  return useQuery({
    queryKey: [...hotelKey(hotelId), 'payouts'] as const,
    queryFn: ({ signal }) => getHotelPayouts(hotelId, signal),
  });
}

/** POST /api/hotels/:hotelId/payouts/onboarding: an admin goes to the provider's onboarding. */
export function useStartHotelPayoutOnboarding(hotelId: string) {
  return useMutation({
    mutationFn: async () => parseResponse(linkSchema, await apiPost<unknown>(`${payoutsUrl(hotelId)}/onboarding`, {})),
    onSuccess: (url) => window.location.assign(url),
  });
}
