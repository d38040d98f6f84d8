import type { Logger } from 'pino';
import { SHIPPED_PHOTOS, type Photo, type PhotoPurpose } from '../../contract/photos.ts';

/** The photo port: nothing outside server/photos knows where the marketing photos come from. */
export interface PhotoService {
  readonly kind: 'unsplash' | 'shipped';
  photosFor(purpose: PhotoPurpose, log: Logger): Promise<Photo[]>;
}

export const shippedPhotos = (purpose: PhotoPurpose): Photo[] => [...SHIPPED_PHOTOS[purpose]];

/** The images that ship with the product: no key, no network. */
export const shippedPhotoService: PhotoService = {
  kind: 'shipped',
  photosFor: async (purpose) => shippedPhotos(purpose),
};
