import { GoogleMap, OVERLAY_MOUSE_TARGET, OverlayViewF, useJsApiLoader } from '@react-google-maps/api';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../lib/ui-constants.ts';
import { StatusMessage } from '../ui/StatusMessage.tsx';
import { clusterLabel, clusterPins, type Viewport } from './clusters.ts';
import { boundsParam, initialView, selectedView, type MapProps, type MapView } from './map-logic.ts';
import { LocateError, MAP_CONTROL } from './map-controls.tsx';
import { useLocate } from './use-locate.ts';
import { usePins } from './use-pins.ts';

export const MAPS_LOAD_FAILED = 'Failed to load Google Maps - Please check your API key configuration.';

function viewportOf(map: google.maps.Map): Viewport | null {
  const box = map.getBounds();
  if (!box) return null;
  const [sw, ne] = [box.getSouthWest(), box.getNorthEast()];
  return { zoom: map.getZoom() ?? MAP_DEFAULT_ZOOM, south: sw.lat(), west: sw.lng(), north: ne.lat(), east: ne.lng() };
}

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

/**
 * Google Maps once its script is loaded. The loader retries a failed script three times (with a short back-off)
 * before it reports the error; a wrong or restricted key is the usual cause of what is left.
 */
export function GoogleMapView({ apiKey, ...props }: MapProps & { apiKey: string }) {
  const { isLoaded, loadError } = useJsApiLoader({ googleMapsApiKey: apiKey });
  if (loadError) return <StatusMessage tone="error" title={MAPS_LOAD_FAILED} />;
  if (!isLoaded) return <div role="status" className="h-full w-full animate-pulse rounded-2xl bg-slate-200" />;
  return <LoadedGoogleMap {...props} />;
}

function LoadedGoogleMap({ listings, hoveredId = null, onHover, onSearchArea }: MapProps) {
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const navigate = useNavigate();
  const pins = usePins(listings);
  const marks = useMemo(() => clusterPins(pins, viewport, hoveredId), [pins, viewport, hoveredId]);
  const key = pins.map((pin) => pin.id).join(',');
  const { locate, locateError } = useLocate((view) => map && applyView(map, view));

  useEffect(() => {
    if (map) applyView(map, initialView(pins));
    // Only the set of pins matters, not a new array with the same listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);

  return (
    <div className="relative isolate h-full w-full overflow-hidden rounded-2xl ring-1 ring-slate-200">
      <GoogleMap
        mapContainerClassName="h-full w-full"
        center={MAP_DEFAULT_CENTER}
        zoom={MAP_DEFAULT_ZOOM}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
        onDragEnd={() => setMoved(true)}
        onIdle={() => map && setViewport(viewportOf(map))}
      >
        {marks.map((mark) => {
          if (mark.kind === 'cluster') {
            return (
              <OverlayViewF
                key={`cluster-${mark.id}`}
                position={{ lat: mark.lat, lng: mark.lng }}
                mapPaneName={OVERLAY_MOUSE_TARGET}
              >
                <button
                  type="button"
                  aria-label={clusterLabel(mark.count)}
                  title={clusterLabel(mark.count)}
                  className="restay-cluster"
                  onClick={() =>
                    map &&
                    applyView(map, {
                      kind: 'centre',
                      center: { lat: mark.lat, lng: mark.lng },
                      zoom: mark.expansionZoom,
                    })
                  }
                >
                  {mark.count}
                </button>
              </OverlayViewF>
            );
          }
          const { pin } = mark;
          return (
            <OverlayViewF key={pin.id} position={{ lat: pin.lat, lng: pin.lng }} mapPaneName={OVERLAY_MOUSE_TARGET}>
              <button
                type="button"
                aria-label={`${pin.title}, ${pin.price}`}
                className={`restay-pin${hoveredId === pin.id ? ' restay-pin--highlighted' : ''}`}
                onMouseEnter={() => onHover?.(pin.id)}
                onMouseLeave={() => onHover?.(null)}
                onClick={() => (map ? applyView(map, selectedView(pin)) : undefined)}
                onDoubleClick={() => void navigate(`/listings/${pin.id}`)}
              >
                {pin.label}
              </button>
            </OverlayViewF>
          );
        })}
      </GoogleMap>
      <div className="absolute inset-x-0 top-3 flex flex-col items-center gap-2">
        {moved && map && onSearchArea ? (
          <button
            type="button"
            className={MAP_CONTROL}
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
        <LocateError message={locateError} />
      </div>
      <button
        type="button"
        className={`${MAP_CONTROL} absolute right-3 bottom-6`}
        onClick={locate}
        aria-label="Show my location"
      >
        ◎
      </button>
    </div>
  );
}
