import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { SHIPPED_PHOTOS } from '../../../../contract/shipped-photos.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { usePhotos } from '../api/photos.ts';
import { PhotoCredit } from './PhotoCredit.tsx';

const SERVICES = [
  {
    title: 'List your stay',
    text: 'Can’t use a reservation? Import it by confirmation number, verify it with the emailed code and set your price.',
    to: '/list-my-reservation',
  },
  {
    title: 'Your stays',
    text: 'Every stay you buy is kept in one place, with its dates and hotel details.',
    to: '/my-stays',
  },
  {
    title: 'Find a stay',
    text: 'Browse reservations other travellers are reselling, often below the original price.',
    to: '/marketplace',
  },
] as const;

export function ServiceCards() {
  // The photos are asked for as the cards near the screen; the shipped ones stand until then.
  const cards = useRef<HTMLUListElement>(null);
  const { data } = usePhotos('services', useNearViewport(cards));
  const photos = data && data.length > 0 ? data : SHIPPED_PHOTOS.services;

  return (
    <ul ref={cards} className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
      {SERVICES.map((service, index) => {
        const photo = photos[index % photos.length]!;
        return (
          <li
            key={service.to}
            className="relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
          >
            <img
              src={photo.url}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full bg-slate-200 object-cover"
            />
            <div className="p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                {/* The link stretches over the card so the whole card is clickable with one accessible name. */}
                <Link to={service.to} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl">
                  {service.title}
                </Link>
              </h3>
              <p className="mt-2 text-slate-600">{service.text}</p>
              {/* Above the stretched link so the credit links stay clickable. */}
              <PhotoCredit photo={photo} className="relative z-10 mt-3 text-slate-500" />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
