import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { onboardingLinkSchema, payoutAccountSchema, type PayoutAccountReply } from '../../../../contract/payouts.ts';
import { apiGet, apiPost, parseResponse } from '../../../lib/api-client.ts';

const payoutAccountKey = ['payout-account'] as const;

/** GET /api/payouts/account: re-read from the payment provider by the server on every call. */
export async function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccountReply> {
  const reply = await apiGet<unknown>('/api/payouts/account', undefined, { signal });
  return parseResponse(z.object({ data: payoutAccountSchema }), reply).data;
}

/** POST /api/payouts/onboarding: the provider's onboarding link (the account is created once). */
export async function startPayoutOnboarding(): Promise<string> {
  const reply = await apiPost<unknown>('/api/payouts/onboarding', {});
  return parseResponse(z.object({ data: onboardingLinkSchema }), reply).data.url;
}

export function usePayoutAccount() {
  return useQuery({ queryKey: payoutAccountKey, queryFn: ({ signal }) => getPayoutAccount(signal) });
}

/** Asks for a fresh link and leaves for the provider's onboarding. */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: startPayoutOnboarding,
    onSuccess: (url) => window.location.assign(url),
  });
}
