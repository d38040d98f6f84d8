import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../lib/ui-constants.ts';
import { clusterLabel, clusterPins, type Viewport } from './clusters.ts';
import { boundsParam, initialView, selectedView, type MapProps, type MapView, type Pin } from './map-logic.ts';
import { LocateError, MAP_CONTROL } from './map-controls.tsx';
import { useLocate } from './use-locate.ts';
import { usePins } from './use-pins.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A marker drawn as HTML: what it shows (hidden from screen readers) and what it is called (read, not shown),
 * since Leaflet names a marker by its content. HTML rather than Leaflet's default marker image, which would
 * need its PNGs served and so can go missing.
 */
function htmlIcon(name: string, shown: string, className: string, [width, height]: [number, number]) {
  return L.divIcon({
    className: '',
    html: `<span class="sr-only">${escapeHtml(name)}</span><span class="${className}" aria-hidden="true">${escapeHtml(shown)}</span>`,
    iconSize: [width, height],
    iconAnchor: [width / 2, height / 2],
  });
}

const priceIcon = (pin: Pin, highlighted: boolean) =>
  htmlIcon(
    `${pin.title}, ${pin.price}`,
    pin.label,
    `restay-pin${highlighted ? ' restay-pin--highlighted' : ''}`,
    [56, 24],
  );

/** A count of stays too close to tell apart at this zoom. */
const clusterIcon = (count: number) => htmlIcon(clusterLabel(count), String(count), 'restay-cluster', [40, 40]);

function viewportOf(map: L.Map): Viewport {
  const box = map.getBounds();
  return {
    zoom: map.getZoom(),
    south: box.getSouth(),
    west: box.getWest(),
    north: box.getNorth(),
    east: box.getEast(),
  };
}

function applyView(map: L.Map, view: MapView) {
  if (view.kind === 'centre') map.setView([view.center.lat, view.center.lng], view.zoom);
  else {
    map.fitBounds(
      [
        [view.south, view.west],
        [view.north, view.east],
      ],
      { padding: [view.paddingPx, view.paddingPx], maxZoom: view.maxZoom },
    );
  }
}

/**
 * Fits the map to the results whenever the set of pins changes, notices when the user moves the map, and
 * reports each view it comes to rest on (a fit included) so the marks can be clustered for it.
 */
function ViewController({
  pins,
  onUserMove,
  onViewport,
}: {
  pins: Pin[];
  onUserMove: () => void;
  onViewport: (viewport: Viewport) => void;
}) {
  const map = useMap();
  const key = pins.map((pin) => pin.id).join(',');
  const programmatic = useRef(false);
  // Listening starts before the first fit (effects run in declaration order): the first fit fires its moveend
  // inside applyView, so a listener added after it would miss the first view and leave its pins unclustered.
  useMapEvents({
    dragend: onUserMove,
    zoomend: () => {
      if (!programmatic.current) onUserMove();
    },
    moveend: () => {
      programmatic.current = false;
      onViewport(viewportOf(map));
    },
  });
  useEffect(() => {
    programmatic.current = true;
    applyView(map, initialView(pins));
    // Only the set of pins matters, not a new array with the same listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function MapControls({ moved, onSearchArea }: { moved: boolean; onSearchArea: MapProps['onSearchArea'] }) {
  const map = useMap();
  const { locate, locateError } = useLocate((view) => applyView(map, view));

  return (
    <div className="absolute inset-x-0 top-3 z-[1000] flex flex-col items-center gap-2">
      {moved && onSearchArea ? (
        <button
          type="button"
          className={MAP_CONTROL}
          onClick={() => {
            const box = map.getBounds();
            onSearchArea(
              boundsParam({ south: box.getSouth(), west: box.getWest(), north: box.getNorth(), east: box.getEast() }),
            );
          }}
        >
          Search this area
        </button>
      ) : null}
      <button
        type="button"
        className={`${MAP_CONTROL} absolute right-3`}
        onClick={locate}
        aria-label="Show my location"
      >
        ◎
      </button>
      <LocateError message={locateError} />
    </div>
  );
}

/** The pins and counts for the view the map is at. */
function Marks({
  pins,
  viewport,
  hoveredId,
  onHover,
}: {
  pins: Pin[];
  viewport: Viewport | null;
  hoveredId: string | null;
  onHover: MapProps['onHover'];
}) {
  const map = useMap();
  const marks = useMemo(() => clusterPins(pins, viewport, hoveredId), [pins, viewport, hoveredId]);
  return marks.map((mark) =>
    mark.kind === 'cluster' ? (
      <Marker
        key={`cluster-${mark.id}`}
        position={[mark.lat, mark.lng]}
        icon={clusterIcon(mark.count)}
        title={clusterLabel(mark.count)}
        eventHandlers={{ click: () => map.setView([mark.lat, mark.lng], mark.expansionZoom) }}
      />
    ) : (
      <Marker
        key={mark.pin.id}
        position={[mark.pin.lat, mark.pin.lng]}
        icon={priceIcon(mark.pin, hoveredId === mark.pin.id)}
        title={mark.pin.title}
        zIndexOffset={hoveredId === mark.pin.id ? 1000 : 0}
        eventHandlers={{
          mouseover: () => onHover?.(mark.pin.id),
          mouseout: () => onHover?.(null),
          click: () => applyView(map, selectedView(mark.pin)),
        }}
      >
        <Popup>
          <Link to={`/listings/${mark.pin.id}`}>{mark.pin.title}</Link> · {mark.pin.price}
        </Popup>
      </Marker>
    ),
  );
}

export function LeafletMap({ listings, hoveredId = null, onHover, onSearchArea }: MapProps) {
  const pins = usePins(listings);
  const [moved, setMoved] = useState(false);
  const [viewport, setViewport] = useState<Viewport | null>(null);

  return (
    <div className="relative isolate h-full w-full overflow-hidden rounded-2xl ring-1 ring-slate-200">
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        className="h-full w-full"
        scrollWheelZoom
      >
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
        />
        <ViewController pins={pins} onUserMove={() => setMoved(true)} onViewport={setViewport} />
        <MapControls
          moved={moved}
          onSearchArea={
            onSearchArea &&
            ((bounds) => {
              setMoved(false);
              onSearchArea(bounds);
            })
          }
        />
        <Marks pins={pins} viewport={viewport} hoveredId={hoveredId} onHover={onHover} />
      </MapContainer>
    </div>
  );
}
