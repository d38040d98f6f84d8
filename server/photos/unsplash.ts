import { z } from 'zod';
import { STOCK_PHOTOS_PER_PAGE } from '../../contract/constants.ts';
import type { Photo } from '../../contract/photos.ts';

export const UNSPLASH_API = 'https://api.unsplash.com';
const REQUEST_TIMEOUT_MS = 5_000;
/** Unsplash's guidelines: credit links carry these referral parameters. */
const REFERRAL = 'utm_source=restay&utm_medium=referral';
export const UNSPLASH_HOME = `https://unsplash.com/?${REFERRAL}`;

/** The parts of GET /search/photos we use (https://unsplash.com/documentation#search-photos). */
const searchReplySchema = z.object({
  total: z.number(),
  total_pages: z.number(),
  results: z.array(
    z.object({
      id: z.string(),
      width: z.number().positive(),
      height: z.number().positive(),
      alt_description: z.string().nullish(),
      description: z.string().nullish(),
      urls: z.object({ raw: z.url(), regular: z.url() }),
      user: z.object({ name: z.string(), links: z.object({ html: z.url() }) }),
    }),
  ),
});
type UnsplashPhoto = z.infer<typeof searchReplySchema>['results'][number];

/** Unsplash said no (bad key, 403 quota, 429) or did not answer sensibly; the caller falls back. */
export class UnsplashUnavailable extends Error {}

/** One search for landscape hotel photos; keeps only those that really are wider than tall. */
export async function searchHotelPhotos(accessKey: string): Promise<UnsplashPhoto[]> {
  const url = new URL('/search/photos', UNSPLASH_API);
  url.search = new URLSearchParams({
    query: 'hotel',
    orientation: 'landscape',
    per_page: String(STOCK_PHOTOS_PER_PAGE),
  }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Client-ID ${accessKey}`, 'Accept-Version': 'v1' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new UnsplashUnavailable(`Unsplash did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new UnsplashUnavailable(`Unsplash answered ${response.status}`);
  const parsed = searchReplySchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new UnsplashUnavailable('Unsplash answered in an unexpected shape');
  return parsed.data.results.filter((photo) => photo.width > photo.height);
}

/** A hotlinked, resized Unsplash image (their imgix parameters) credited as the guidelines ask. */
export function toPhoto(photo: UnsplashPhoto, displayWidth: number): Photo {
  const url = new URL(photo.urls.raw);
  url.searchParams.set('w', String(displayWidth));
  url.searchParams.set('q', '75');
  url.searchParams.set('auto', 'format');
  url.searchParams.set('fit', 'crop');
  const profile = new URL(photo.user.links.html);
  profile.search = REFERRAL;
  return {
    url: url.toString(),
    alt: photo.alt_description || photo.description || `Hotel photo by ${photo.user.name}`,
    width: displayWidth,
    height: Math.round((photo.height * displayWidth) / photo.width),
    attribution: { photographer: photo.user.name, photographerUrl: profile.toString(), unsplashUrl: UNSPLASH_HOME },
  };
}
