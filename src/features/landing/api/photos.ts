import { useQuery } from '@tanstack/react-query';
import type { Photo, PhotoPurpose } from '../../../../contract/photos.ts';
import { apiGetChecked } from '../../../lib/api-client.ts';

/** The reply's schema (and with it zod) is its own chunk, fetched beside the reply: the landing paints without it. */
const loadReplySchema = async () => (await import('./photos-reply-schema.ts')).photosReplySchema;

export async function getPhotos(purpose: PhotoPurpose, signal?: AbortSignal): Promise<Photo[]> {
  return (await apiGetChecked('/api/photos', loadReplySchema, { purpose }, { signal })).data;
}

/**
 * Photos for one landing section, asked for once `wanted` (when the section is about to show them, not while the
 * page loads: the first API call loads the HTTP client and the schemas, work that would hold the main thread
 * just when the visitor starts to use the page). The page never waits on them: callers render shipped images
 * until data arrives and keep them when the call fails, so a failure is not worth a retry or a message.
 */
export function usePhotos(purpose: PhotoPurpose, wanted: boolean) {
  return useQuery({
    queryKey: ['photos', purpose],
    queryFn: ({ signal }) => getPhotos(purpose, signal),
    enabled: wanted,
    staleTime: Infinity,
    retry: false,
  });
}
