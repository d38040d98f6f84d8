import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { LeafletMap } from './LeafletMap.tsx';
import type { MapProps } from './map-logic.ts';

// Only deployments with a maps key download the Google variant.
const GoogleMapView = lazy(() => import('./GoogleMapView.tsx').then((module) => ({ default: module.GoogleMapView })));

const configSchema = z.object({ data: z.object({ googleMapsApiKey: z.string().nullable().optional() }) });

/** Google Maps when the server has a maps key (GET /api/config), otherwise Leaflet with OpenStreetMap tiles. */
export default function MarketplaceMap(props: MapProps) {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: async ({ signal }) => configSchema.parse(await apiGet('/api/config', undefined, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
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
