import { lazy, Suspense, useRef, useState } from 'react';
import { StayImage } from '../../../components/ui/StayImage.tsx';

// The enlarged view (a dialog) is loaded on the first press: the page the server drew does not run it to start.
const PhotoViewer = lazy(() => import('./PhotoViewer.tsx'));

/**
 * The stay's own photo, large (it is what the page paints first); pressed, or Enter on it, it opens larger. Only
 * photos of the stay are shown here: none stands in for the hotel.
 */
export function StayPhotos({ imageUrl, title }: { imageUrl: string | null; title: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const image = (
    <StayImage src={imageUrl} alt={title} eager className="aspect-video max-h-[28rem] w-full rounded-2xl" />
  );
  if (!imageUrl) return <div className="mt-4">{image}</div>;
  return (
    <div className="mt-4">
      <button
        ref={opener}
        type="button"
        aria-label={`Open the photo of ${title} larger`}
        aria-haspopup="dialog"
        className="block w-full cursor-zoom-in rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        onClick={() => setOpen(true)}
      >
        {image}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PhotoViewer src={imageUrl} title={title} onClose={() => setOpen(false)} opener={opener} />
        </Suspense>
      ) : null}
    </div>
  );
}
