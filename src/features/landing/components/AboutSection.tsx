import { useRef } from 'react';
import { SHIPPED_PHOTOS } from '../../../../contract/shipped-photos.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { usePhotos } from '../api/photos.ts';
import { PhotoCredit } from './PhotoCredit.tsx';

const SELLER_STEPS = [
  'Import your reservation with its confirmation number: we fetch the stay from the hotel’s booking system.',
  'Prove it is yours with the 6-digit code we email to the address on the reservation.',
  'Set your price and publish. When a buyer pays, the stay is passed on to them.',
];

const BUYER_STEPS = [
  'Search by city, hotel and dates, or browse every stay on the marketplace.',
  'Pay securely through our card provider’s hosted checkout.',
  'Find the stay under My Stays, with its dates and hotel details.',
];

export function AboutSection() {
  // The photos are asked for as their row nears the screen; the shipped ones stand until then.
  const photoRow = useRef<HTMLUListElement>(null);
  const { data } = usePhotos('about', useNearViewport(photoRow));
  const photos = data && data.length > 0 ? data : SHIPPED_PHOTOS.about;

  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id="about-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            About Restay
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-600">
            Plans change, and a non-refundable hotel booking often ends up wasted. Restay is a marketplace where
            travellers resell hotel reservations they can no longer use, and other travellers book them, often for less
            than the hotel asks.
          </p>
        </div>

        <div className="mt-12 grid gap-10 md:grid-cols-2">
          <div>
            <h3 className="text-xl font-semibold text-slate-900">Selling a stay you can’t use</h3>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-600">
              {SELLER_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="text-xl font-semibold text-slate-900">Booking a stay for less</h3>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-600">
              {BUYER_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        </div>

        <ul ref={photoRow} className="mt-12 grid gap-6 sm:grid-cols-3">
          {photos.slice(0, 3).map((photo) => (
            <li key={photo.url}>
              {/* A fixed 3:2 box: nothing moves when the photo arrives. */}
              <img
                src={photo.url}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full rounded-2xl bg-slate-200 object-cover"
              />
              <PhotoCredit photo={photo} className="mt-1 text-slate-500" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
