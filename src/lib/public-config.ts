import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig, PublicConfigReply } from '../../contract/config.ts';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../contract/served-replies.ts';
import { apiGetChecked } from './api-client.ts';
import { takeServedReply } from './served-reply.ts';

/** The schema (and with it zod) is its own chunk, fetched beside the reply: no page waits on it to first paint. */
const loadReplySchema = async () => (await import('../../contract/config.ts')).publicConfigReplySchema;

let loading: Promise<PublicConfig> | undefined;

/** The page's own block (taken once), else GET /api/config's reply, checked against the contract. */
async function readConfig(): Promise<PublicConfig> {
  const served = takeServedReply<PublicConfigReply>(PUBLIC_CONFIG_ELEMENT_ID);
  if (served) return served.data;
  return (await apiGetChecked('/api/config', loadReplySchema, undefined, { withoutSession: true })).data;
}

/**
 * The public configuration, read once per page load and shared by every reader (the sign-in client, the map,
 * checkout): from the page when the API served it (no call, no HTTP client, no schema loaded: the server checked
 * it), else from the API. The call goes out without a bearer token: the token comes from the sign-in client, which
 * itself waits for this reply. A failed load is not kept, so the next reader asks the API.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= readConfig().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Tests start every case from a fresh read of the configuration. */
export function resetPublicConfig(): void {
  loading = undefined;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: loadPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
