import type { MapProps } from './map-logic.ts';
import { LeafletMap } from './LeafletMap.tsx';

/**
 * The marketplace map. Leaflet with OpenStreetMap tiles needs no key; the Google Maps variant (used when a
 * maps key is configured) is not built yet, so every visitor gets Leaflet for now.
 */
export default function MarketplaceMap(props: MapProps) {
  return <LeafletMap {...props} />;
}
