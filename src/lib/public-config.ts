import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contract/config.ts';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../contract/page-config.ts';
import { apiGet, parseResponse } from './api-client.ts';
import { takeServedReply } from './served-reply.ts';

/** The schema (and with it zod) is its own chunk, fetched beside the reply: no page waits on it to first paint. */
const loadReplySchema = async () => {
  const [{ publicConfigSchema }, { successEnvelopeSchema }] = await Promise.all([
    import('../../contract/config.ts'),
    import('../../contract/errors.ts'),
  ]);
  return successEnvelopeSchema(publicConfigSchema);
};

let loading: Promise<PublicConfig> | undefined;

/** The reply the page the API served carries (taken once), else GET /api/config's. */
const configReply = (): unknown =>
  takeServedReply(PUBLIC_CONFIG_ELEMENT_ID, (reply) => reply) ??
  apiGet<unknown>('/api/config', undefined, { withoutSession: true });

/**
 * GET /api/config's reply, read once per page load and shared by every reader (the sign-in client, the map,
 * checkout): from the page when the API served it (no call, no HTTP client loaded), else from the API. The call
 * goes out without a bearer token: the token comes from the sign-in client, which itself waits for this reply.
 * Either reply is checked against the contract. A failed load is not kept, so the next reader asks the API.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= Promise.all([configReply(), loadReplySchema()])
    .then(([reply, schema]) => parseResponse(schema, reply).data)
    .catch((error: unknown) => {
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
