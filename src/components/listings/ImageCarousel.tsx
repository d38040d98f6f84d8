import { CARD_CAROUSEL_IMAGES } from '../../lib/ui-constants.ts';
import { StayImage } from '../ui/StayImage.tsx';

/**
 * The listing's own photo first, then the shipped placeholders, CARD_CAROUSEL_IMAGES in all. The placeholders say
 * they are not photos of the stay (a camera and "No other photo of this stay yet"): none pretends to be the hotel.
 */
export function carouselImages(imageUrl: string | null): (string | null)[] {
  const placeholders = Array.from(
    { length: CARD_CAROUSEL_IMAGES - 1 },
    (_, i) => `/images/listings/placeholder-${i + 1}.svg`,
  );
  return [imageUrl, ...placeholders];
}

const arrow =
  'absolute top-1/2 z-10 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white';

/** Moves `by` photos from `index`, wrapping around at either end. */
export const stepPhoto = (index: number, by: number) => (index + by + CARD_CAROUSEL_IMAGES) % CARD_CAROUSEL_IMAGES;

type Props = {
  imageUrl: string | null;
  title: string;
  /** The photo shown; the card holds it, because a swipe over the card moves it too. */
  index: number;
  onIndexChange: (index: number) => void;
  eager?: boolean;
};

export function ImageCarousel({ imageUrl, title, index, onIndexChange, eager = false }: Props) {
  const images = carouselImages(imageUrl);

  return (
    <div className="relative">
      <StayImage
        src={images[index] ?? null}
        alt={index === 0 ? title : `No other photo of ${title} yet (${index + 1} of ${images.length})`}
        className="aspect-4/3 w-full"
        eager={eager}
      />
      {/* z-10 lifts the controls above the card's stretched link, so they change photos instead of navigating. */}
      <button
        type="button"
        aria-label="Previous image"
        className={`${arrow} left-2`}
        onClick={() => onIndexChange(stepPhoto(index, -1))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        aria-label="Next image"
        className={`${arrow} right-2`}
        onClick={() => onIndexChange(stepPhoto(index, 1))}
      >
        <span aria-hidden="true">›</span>
      </button>
      {/* Each dot is a small mark in a 24 px button: a target a finger can press (WCAG 2.2 target size). */}
      <div className="absolute inset-x-0 bottom-0 z-10 flex justify-center">
        {images.map((_, dot) => (
          <button
            key={dot}
            type="button"
            aria-label={`Show photo ${dot + 1} of ${images.length}`}
            aria-current={dot === index ? 'true' : undefined}
            onClick={() => onIndexChange(dot)}
            className="group/dot flex size-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${dot === index ? 'bg-white' : 'bg-white/50 group-hover/dot:bg-white/80'}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
