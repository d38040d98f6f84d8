import type { Photo, PhotoPurpose } from './photos.ts';

// Apart from its type imports this module has no zod, so the landing page paints its images without loading it.

const shipped = (url: string, alt: string, width = 1600, height = 900): Photo => ({
  url,
  alt,
  width,
  height,
  attribution: null,
});

/**
 * Images shipped in public/: the whole answer when there is no Unsplash key or Unsplash fails, and what the
 * hero paints before the API answers. The server preloads the first hero image with the landing page.
 */
export const SHIPPED_PHOTOS: Record<PhotoPurpose, readonly Photo[]> = {
  hero: [
    shipped('/images/hero/seaside-resort.svg', 'A seaside resort hotel with palm trees and a pool at sunset'),
    shipped('/images/hero/mountain-lodge.svg', 'A timber mountain lodge with lit windows below snowy peaks'),
    shipped('/images/hero/city-skyline.svg', 'A hotel tower in a city skyline at dusk'),
    shipped('/images/hero/old-town-harbour.svg', 'Colourful old-town hotels along a harbour with sailing boats'),
    shipped('/images/hero/desert-oasis.svg', 'A desert oasis hotel with domes and palms under a starry sky'),
  ],
  about: [
    shipped(
      '/images/listings/placeholder-1.svg',
      'Hotel lobby with a reception desk, a chandelier, armchairs and plants',
      1200,
      800,
    ),
    shipped(
      '/images/listings/harbour-view.svg',
      'Hotel room window over a sunlit harbour with an arch bridge',
      1200,
      800,
    ),
    shipped(
      '/images/listings/rooftop-pool.svg',
      'Rooftop infinity pool with sun loungers and a city skyline at sunset',
      1200,
      800,
    ),
  ],
  services: [
    shipped(
      '/images/listings/classic-double-room.svg',
      'Classic hotel double room with a wooden headboard and bedside lamps',
      1200,
      800,
    ),
    shipped(
      '/images/listings/sea-view-balcony.svg',
      'Open balcony doors onto a sunny sea view with a lounge chair',
      1200,
      800,
    ),
    shipped(
      '/images/listings/lake-view-room.svg',
      'Deluxe room with a king bed and a window over a lake and mountains',
      1200,
      800,
    ),
  ],
};
