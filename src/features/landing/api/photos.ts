import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { successEnvelopeSchema } from '../../../../contract/errors.ts';
import { photoSchema, type Photo, type PhotoPurpose } from '../../../../contract/photos.ts';
import { apiGet, parseResponse } from '../../../lib/api-client.ts';

const photosReplySchema = successEnvelopeSchema(z.array(photoSchema));

export async function getPhotos(purpose: PhotoPurpose, signal?: AbortSignal): Promise<Photo[]> {
  const reply = await apiGet<unknown>('/api/photos', { purpose }, { signal });
  return parseResponse(photosReplySchema, reply).data;
}

/**
 * Photos for one landing section. The page never waits on them: callers render shipped images until data
 * arrives and keep them when the call fails, so a failure is not worth a retry or a message.
 */
export function usePhotos(purpose: PhotoPurpose) {
  return useQuery({
    queryKey: ['photos', purpose],
    queryFn: ({ signal }) => getPhotos(purpose, signal),
    staleTime: Infinity,
    retry: false,
  });
}
