import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../../lib/public-config.ts';
import { LeafletMap } from './LeafletMap.tsx';
import type { MapProps } from './map-logic.ts';

// Only deployments with a maps key download the Google variant.
const GoogleMapView = lazy(() => import('./GoogleMapView.tsx').then((module) => ({ default: module.GoogleMapView })));

/**
 * The stays on a map (the marketplace's results, a stay's hotel): Google Maps when the server has a maps key
 * (GET /api/config), otherwise Leaflet with OpenStreetMap tiles.
 */
export default function StaysMap(props: MapProps) {
  const config = usePublicConfig();
  // No key, or no answer from /api/config: the keyless map is always available.
  const apiKey = config.data?.googleMapsApiKey;
  if (config.isPending) return <div role="status" className="h-full w-full animate-pulse rounded-2xl bg-slate-200" />;
  if (!apiKey) return <LeafletMap {...props} />;
  return (
    <Suspense fallback={<div className="h-full w-full animate-pulse rounded-2xl bg-slate-200" />}>
      <GoogleMapView apiKey={apiKey} {...props} />
    </Suspense>
  );
}
