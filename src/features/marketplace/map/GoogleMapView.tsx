import { GoogleMap, OVERLAY_MOUSE_TARGET, OverlayViewF } from '@react-google-maps/api';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  GEOLOCATION_MAX_AGE_MS,
  GEOLOCATION_TIMEOUT_MS,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
} from '../../../../contract/constants.ts';
import { StatusMessage } from '../../../components/ui/StatusMessage.tsx';
import { loadGoogleMapsScript, MAPS_LOAD_FAILED, withRetries } from './load-script.ts';
import { boundsParam, initialView, pinsFor, selectedView, type MapProps, type MapView } from './map-logic.ts';

const control = 'rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50';

function applyView(map: google.maps.Map, view: MapView) {
  if (view.kind === 'centre') {
    map.setCenter(view.center);
    map.setZoom(view.zoom);
    return;
  }
  map.fitBounds({ south: view.south, west: view.west, north: view.north, east: view.east }, view.paddingPx);
  // fitBounds has no maximum zoom: cap it once the fit has been applied.
  google.maps.event.addListenerOnce(map, 'idle', () => {
    if ((map.getZoom() ?? 0) > view.maxZoom) map.setZoom(view.maxZoom);
  });
}

export function GoogleMapView({ apiKey, listings, hoveredId, onHover, onSearchArea }: MapProps & { apiKey: string }) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const navigate = useNavigate();
  const pins = useMemo(() => pinsFor(listings), [listings]);
  const key = pins.map((pin) => pin.id).join(',');

  useEffect(() => {
    let live = true;
    withRetries(() => loadGoogleMapsScript(apiKey)).then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [apiKey]);

  useEffect(() => {
    if (map) applyView(map, initialView(pins));
    // Only the set of pins matters, not a new array with the same listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);

  if (status === 'failed') return <StatusMessage tone="error" title={MAPS_LOAD_FAILED} />;
  if (status === 'loading') return <div role="status" className="h-full w-full animate-pulse rounded-2xl bg-slate-200" />;

  function locate() {
    navigator.geolocation?.getCurrentPosition(
      (position) =>
        map && applyView(map, selectedView({ id: 'me', lat: position.coords.latitude, lng: position.coords.longitude, label: '', title: '' })),
      () => undefined,
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
  }

  return (
    <div className="relative h-full w-full overflow-hidden rounded-2xl ring-1 ring-slate-200">
      <GoogleMap
        mapContainerClassName="h-full w-full"
        center={MAP_DEFAULT_CENTER}
        zoom={MAP_DEFAULT_ZOOM}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
        onDragEnd={() => setMoved(true)}
      >
        {pins.map((pin) => (
          <OverlayViewF key={pin.id} position={{ lat: pin.lat, lng: pin.lng }} mapPaneName={OVERLAY_MOUSE_TARGET}>
            <button
              type="button"
              aria-label={`${pin.title}, ${pin.label}`}
              className={`restay-pin${hoveredId === pin.id ? ' restay-pin--highlighted' : ''}`}
              onMouseEnter={() => onHover(pin.id)}
              onMouseLeave={() => onHover(null)}
              onClick={() => (map ? applyView(map, selectedView(pin)) : undefined)}
              onDoubleClick={() => void navigate(`/listings/${pin.id}`)}
            >
              {pin.label}
            </button>
          </OverlayViewF>
        ))}
      </GoogleMap>
      <div className="absolute inset-x-0 top-3 flex justify-center">
        {moved && map ? (
          <button
            type="button"
            className={control}
            onClick={() => {
              const box = map.getBounds();
              if (!box) return;
              setMoved(false);
              const [sw, ne] = [box.getSouthWest(), box.getNorthEast()];
              onSearchArea(boundsParam({ south: sw.lat(), west: sw.lng(), north: ne.lat(), east: ne.lng() }));
            }}
          >
            Search this area
          </button>
        ) : null}
      </div>
      <button type="button" className={`${control} absolute right-3 bottom-6`} onClick={locate} aria-label="Show my location">
        ◎
      </button>
    </div>
  );
}
