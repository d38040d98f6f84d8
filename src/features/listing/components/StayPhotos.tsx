import { carouselImages } from '../../../components/listings/ImageCarousel.tsx';
import { StayImage } from '../../../components/ui/StayImage.tsx';

/**
 * Every photo the stay's card shows, in the card's order and with the card's names: the first large (it is what
 * the page paints first), the others below it, loaded as they come into view.
 */
export function StayPhotos({ imageUrl, title }: { imageUrl: string | null; title: string }) {
  const [first, ...others] = carouselImages(imageUrl);
  const count = others.length + 1;
  return (
    <div className="mt-4">
      <StayImage src={first ?? null} alt={title} eager className="aspect-video max-h-[28rem] w-full rounded-2xl" />
      <ul aria-label="More photos" className="mt-2 grid grid-cols-3 gap-2">
        {others.map((src, index) => (
          <li key={src}>
            <StayImage
              src={src}
              alt={`${title} (photo ${index + 2} of ${count})`}
              className="aspect-4/3 w-full rounded-lg"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
