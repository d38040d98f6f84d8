import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contract/config.ts';
import { apiGet, parseResponse } from './api-client.ts';

/** The schema (and with it zod) is its own chunk, fetched beside the reply: no page waits on it to first paint. */
const loadReplySchema = async () => {
  const [{ publicConfigSchema }, { successEnvelopeSchema }] = await Promise.all([
    import('../../contract/config.ts'),
    import('../../contract/errors.ts'),
  ]);
  return successEnvelopeSchema(publicConfigSchema);
};

let loading: Promise<PublicConfig> | undefined;

/**
 * GET /api/config, read once per page load and shared by every reader (the sign-in client, the map, checkout).
 * It goes out without a bearer token: the token comes from the sign-in client, which itself waits for this reply.
 * A failed load is not kept, so the next reader tries again.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= Promise.all([apiGet<unknown>('/api/config', undefined, { withoutSession: true }), loadReplySchema()])
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
