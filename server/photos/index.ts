import type { Config } from '../config.ts';
import { shippedPhotoService, type PhotoService } from './photo-service.ts';
import { createUnsplashPhotoService } from './unsplash-photo-service.ts';

export { shippedPhotos, type PhotoService } from './photo-service.ts';

/** Configuration picks the adapter once, at start-up: Unsplash when UNSPLASH_ACCESS_KEY is set, else the shipped images. */
export function createPhotoService({
  unsplashAccessKey,
  clock,
}: Pick<Config, 'unsplashAccessKey'> & { clock: () => Date }): PhotoService {
  return unsplashAccessKey ? createUnsplashPhotoService({ accessKey: unsplashAccessKey, clock }) : shippedPhotoService;
}
