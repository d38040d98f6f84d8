import { z } from 'zod';

export const PHOTO_PURPOSES = ['hero', 'about', 'services'] as const;
export type PhotoPurpose = (typeof PHOTO_PURPOSES)[number];

/** How many photos each landing section shows: 15 rotating in the hero, 3 each in About and the service cards. */
/** GET /api/photos?purpose=… */
export const photosQuerySchema = z.object({ purpose: z.enum(PHOTO_PURPOSES) });

export const PHOTOS_PER_PURPOSE: Record<PhotoPurpose, number> = { hero: 15, about: 3, services: 3 };

export const photoSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Unsplash asks for the photographer and Unsplash to be credited, each linked; shipped images need none. */
  attribution: z.object({ photographer: z.string(), photographerUrl: z.string(), unsplashUrl: z.string() }).nullable(),
});
export type Photo = z.infer<typeof photoSchema>;
