import type { Logger } from 'pino';
import type { Photo, PhotoPurpose } from '../../contract/photos.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';

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
