import { lazy, memo, Suspense, useRef } from 'react';
import type { Listing } from '../../../../contract/listing.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

// The marketplace's map chunk, downloaded only once this section comes near the screen: never on first paint.
const StaysMap = lazy(() => import('../../../components/map/StaysMap.tsx'));

const placeholder = <div className="h-full w-full animate-pulse rounded-2xl bg-slate-200" />;

/**
 * A small map with the hotel's pin; left out when the hotel's system gave no position. Memoized: the page
 * re-renders on every booking step (Book Now, Cancel), and rendering the map with it would make Leaflet's first
 * draw (when its code arrived a moment before) part of that press, hundreds of milliseconds on a phone (ADR 0094).
 */
export const HotelMap = memo(function HotelMap({ listing }: { listing: Listing }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  if (listing.latitude === null || listing.longitude === null) return null;
  const place = [listing.hotel_name, listing.city, listing.country].filter(Boolean).join(', ');
  return (
    <section ref={section} aria-labelledby="hotel-map-heading" className="mt-8">
      <h2 id="hotel-map-heading" className="text-xl font-semibold text-slate-900">
        Where you'll stay
      </h2>
      <p className="mt-1 text-slate-600">{place}</p>
      <div role="region" aria-label={`Map of ${place}`} className="mt-3 h-64 w-full sm:h-72">
        {near ? (
          <Suspense fallback={placeholder}>
            <StaysMap listings={[listing]} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
});
