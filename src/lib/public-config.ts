import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '../../contract/config.ts';
import { successEnvelopeSchema } from '../../contract/errors.ts';
import { apiGet, parseResponse } from './api-client.ts';

const configReplySchema = successEnvelopeSchema(publicConfigSchema);

let loading: Promise<PublicConfig> | undefined;

/**
 * GET /api/config, read once per page load and shared by every reader (the sign-in client, the map, checkout).
 * It goes out without a bearer token: the token comes from the sign-in client, which itself waits for this reply.
 * A failed load is not kept, so the next reader tries again.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= apiGet<unknown>('/api/config', undefined, { withoutSession: true })
    .then((reply) => parseResponse(configReplySchema, reply).data)
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
