import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../../lib/ui-constants.ts';
import { boundsParam, initialView, pinsFor, selectedView, type MapProps, type MapView, type Pin } from './map-logic.ts';
import { useLocate } from './use-locate.ts';

const control = 'rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50';

/** A price tag instead of Leaflet's default marker image, which would need its PNGs served and so can go missing. */
function priceIcon(label: string, highlighted: boolean) {
  return L.divIcon({
    className: '',
    // The label comes from pinLabel(): digits, "$" and "," only, so it is safe as HTML.
    html: `<span class="restay-pin${highlighted ? ' restay-pin--highlighted' : ''}">${label}</span>`,
    iconSize: [56, 24],
    iconAnchor: [28, 12],
  });
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

/** Fits the map to the results whenever the set of pins changes, and notices when the user moves the map. */
function ViewController({ pins, onUserMove }: { pins: Pin[]; onUserMove: () => void }) {
  const map = useMap();
  const key = pins.map((pin) => pin.id).join(',');
  const programmatic = useRef(false);
  useEffect(() => {
    programmatic.current = true;
    applyView(map, initialView(pins));
    // Only the set of pins matters, not a new array with the same listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  useMapEvents({
    dragend: onUserMove,
    zoomend: () => {
      if (!programmatic.current) onUserMove();
    },
    moveend: () => {
      programmatic.current = false;
    },
  });
  return null;
}

function MapControls({ moved, onSearchArea }: { moved: boolean; onSearchArea: MapProps['onSearchArea'] }) {
  const map = useMap();
  const { locate, locateError } = useLocate((view) => applyView(map, view));

  return (
    <div className="absolute inset-x-0 top-3 z-[1000] flex flex-col items-center gap-2">
      {moved ? (
        <button
          type="button"
          className={control}
          onClick={() => {
            const box = map.getBounds();
            onSearchArea(boundsParam({ south: box.getSouth(), west: box.getWest(), north: box.getNorth(), east: box.getEast() }));
          }}
        >
          Search this area
        </button>
      ) : null}
      <button type="button" className={`${control} absolute right-3`} onClick={locate} aria-label="Show my location">
        ◎
      </button>
      {locateError ? <p role="status" className="rounded bg-white px-2 py-1 text-xs text-slate-700 shadow">{locateError}</p> : null}
    </div>
  );
}

function Pins({ pins, hoveredId, onHover }: { pins: Pin[]; hoveredId: string | null; onHover: MapProps['onHover'] }) {
  const map = useMap();
  return pins.map((pin) => (
    <Marker
      key={pin.id}
      position={[pin.lat, pin.lng]}
      icon={priceIcon(pin.label, hoveredId === pin.id)}
      title={pin.title}
      alt={`${pin.title}, ${pin.label}`}
      zIndexOffset={hoveredId === pin.id ? 1000 : 0}
      eventHandlers={{
        mouseover: () => onHover(pin.id),
        mouseout: () => onHover(null),
        click: () => applyView(map, selectedView(pin)),
      }}
    >
      <Popup>
        <Link to={`/listings/${pin.id}`}>{pin.title}</Link> · {pin.label}
      </Popup>
    </Marker>
  ));
}

export function LeafletMap({ listings, hoveredId, onHover, onSearchArea }: MapProps) {
  const pins = useMemo(() => pinsFor(listings), [listings]);
  const [moved, setMoved] = useState(false);

  return (
    <div className="relative h-full w-full overflow-hidden rounded-2xl ring-1 ring-slate-200">
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
        <ViewController pins={pins} onUserMove={() => setMoved(true)} />
        <MapControls moved={moved} onSearchArea={(bounds) => {
          setMoved(false);
          onSearchArea(bounds);
        }} />
        <Pins pins={pins} hoveredId={hoveredId} onHover={onHover} />
      </MapContainer>
    </div>
  );
}
