import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';

const environmentSchema = z.object({ data: z.object({ environment: z.string() }) });

/** Whether this deployment is a local or demo one (GET /api/config), where emails land in the dev mailbox. */
export function useIsDemoEnvironment(): boolean {
  const config = useQuery({
    queryKey: ['config', 'environment'],
    queryFn: async ({ signal }) =>
      environmentSchema.parse(await apiGet('/api/config', undefined, { signal })).data.environment,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data !== undefined && config.data !== 'production';
}
