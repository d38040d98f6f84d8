import type { Logger } from 'pino';
import { PHOTOS_PER_PURPOSE, type Photo, type PhotoPurpose } from '../../contract/photos.ts';
import { shippedPhotos, type PhotoService } from './photo-service.ts';
import { searchHotelPhotos, toPhoto } from './unsplash.ts';

const CACHE_MS = 60 * 60_000;
/** After a failure (often Unsplash's hourly quota) the shipped images are served for a while before retrying. */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
const DISPLAY_WIDTH: Record<PhotoPurpose, number> = { hero: 1920, about: 1200, services: 1200 };

type PhotoSets = Record<PhotoPurpose, Photo[]>;

/**
 * Unsplash search results, cached per instance for an hour (a cache, not state: any instance can rebuild
 * it), or the shipped images while Unsplash fails.
 */
export function createUnsplashPhotoService({
  accessKey,
  clock,
  random = Math.random,
}: {
  accessKey: string;
  clock: () => Date;
  random?: () => number;
}): PhotoService {
  let cached: { sets: PhotoSets | null; until: number } | undefined;
  let inFlight: Promise<PhotoSets | null> | undefined;

  async function load(log: Logger): Promise<PhotoSets | null> {
    const now = clock().getTime();
    if (cached && cached.until > now) return cached.sets;
    // Concurrent first visitors share one upstream request.
    inFlight ??= searchHotelPhotos(accessKey)
      .then((found) => {
        const sets = found.length >= PHOTOS_PER_PURPOSE.about ? distribute(shuffle(found, random)) : null;
        if (!sets) log.warn({ found: found.length }, 'too few Unsplash photos; serving the shipped images');
        cached = { sets, until: clock().getTime() + (sets ? CACHE_MS : RETRY_AFTER_FAILURE_MS) };
        return sets;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Unsplash unavailable; serving the shipped images');
        cached = { sets: null, until: clock().getTime() + RETRY_AFTER_FAILURE_MS };
        return null;
      })
      .finally(() => (inFlight = undefined));
    return inFlight;
  }

  /** Hero, About and Services take different photos while there are enough; fewer wrap around. */
  function distribute(photos: Parameters<typeof toPhoto>[0][]): PhotoSets {
    let next = 0;
    const take = (purpose: PhotoPurpose) =>
      Array.from({ length: Math.min(PHOTOS_PER_PURPOSE[purpose], photos.length) }, () =>
        toPhoto(photos[next++ % photos.length]!, DISPLAY_WIDTH[purpose]),
      );
    const hero = take('hero');
    return { hero, about: take('about'), services: take('services') };
  }

  return {
    kind: 'unsplash',
    async photosFor(purpose, log) {
      const sets = await load(log);
      return sets ? sets[purpose] : shippedPhotos(purpose);
    },
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
