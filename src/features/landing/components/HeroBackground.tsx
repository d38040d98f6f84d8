import { useEffect, useState } from 'react';
import { HERO_FADE_MS, HERO_ROTATION_MS } from '../../../lib/ui-constants.ts';
import { SHIPPED_PHOTOS } from '../../../../contract/shipped-photos.ts';
import { usePhotos } from '../api/photos.ts';
import { PhotoCredit } from './PhotoCredit.tsx';
import { PREFERS_REDUCED_MOTION, useMediaQuery } from '../../../lib/use-media-query.ts';

/** Preloaded by index.html and painted at once, so the hero never waits on the photo API. */
export const FIRST_HERO_IMAGE = SHIPPED_PHOTOS.hero[0]!;

const FADE = `opacity ${HERO_FADE_MS}ms ease-in-out`;

/**
 * A phone shows a narrow strip of a wide photo. Its middle is where the first photo's hotel ends, which reads as a
 * grey tab behind the headline: a phone shows the photo's right-hand side instead (sea, sky and sun), and a
 * wider screen the whole scene.
 */
const HERO_IMAGE_CLASS = 'absolute inset-0 size-full object-cover object-right md:object-center';

/**
 * How long the shipped first photo shows before the photo list is asked for (a photo from the list then fades in):
 * the page has loaded by then, so the call and the code it needs do not hold the main thread while the visitor
 * starts to use the page.
 */
export const HERO_PHOTOS_ASKED_AFTER_MS = HERO_ROTATION_MS - 2_000;

/**
 * The hero's rotating photos: the shipped first photo, then from the list the API gives a random start and a new
 * photo every 6 s with a 0.5 s cross-fade. For visitors who prefer reduced motion nothing changes by itself: the
 * first photo stays and the list is never asked for. Only the previous, current and next photos are in the page,
 * so the others are not downloaded until their turn.
 */
export function HeroBackground() {
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  const [listWanted, setListWanted] = useState(false);
  useEffect(() => {
    if (reducedMotion) return;
    const timer = window.setTimeout(() => setListWanted(true), HERO_PHOTOS_ASKED_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [reducedMotion]);
  const { data } = usePhotos('hero', listWanted);
  const photos = data && data.length > 0 && !reducedMotion ? data : null;
  const [startAt] = useState(Math.random);
  const [ticks, setTicks] = useState(0);
  const rotating = photos !== null && photos.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setTicks((n) => n + 1), HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const count = photos?.length ?? 0;
  const current = photos ? (Math.floor(startAt * count) + ticks) % count : -1;
  const layers = photos ? [...new Set([(current - 1 + count) % count, current, (current + 1) % count])] : [];

  const credited = photos?.[current];
  return (
    <>
      <div data-testid="hero-background" className="absolute inset-0 -z-10 bg-slate-900" aria-hidden="true">
        <img
          src={FIRST_HERO_IMAGE.url}
          alt=""
          width={FIRST_HERO_IMAGE.width}
          height={FIRST_HERO_IMAGE.height}
          fetchPriority="high"
          decoding="async"
          data-active={String(!photos)}
          className={HERO_IMAGE_CLASS}
        />
        {photos
          ? layers.map((index) => {
              const photo = photos[index]!;
              const active = index === current;
              return (
                <img
                  key={photo.url}
                  src={photo.url}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading={active ? 'eager' : 'lazy'}
                  decoding="async"
                  data-active={String(active)}
                  style={{ opacity: active ? 1 : 0, transition: FADE }}
                  className={HERO_IMAGE_CLASS}
                />
              );
            })
          : null}
        <div className="absolute inset-0 bg-linear-to-b from-slate-950/70 via-slate-900/40 to-slate-950/70" />
      </div>
      {credited ? <PhotoCredit photo={credited} className="absolute right-4 bottom-3 text-white/80" /> : null}
    </>
  );
}
