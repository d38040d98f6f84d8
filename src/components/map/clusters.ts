import Supercluster from 'supercluster';
import { normalizedBox, type Box, type Pin } from './map-logic.ts';

/** What the map draws at a zoom: a stay's own pin, or a count standing for pins too close to tell apart. */
export type MapMark =
  | { kind: 'pin'; pin: Pin }
  | { kind: 'cluster'; id: number; lat: number; lng: number; count: number; expansionZoom: number };

/** The visible box and zoom the marks are for. */
export interface Viewport extends Box {
  zoom: number;
}

/** Pins closer than this on screen join a count: about the width of a price tag. */
const CLUSTER_RADIUS_PX = 56;
/**
 * Leaflet and Google Maps draw the world 256 px wide at zoom 0; supercluster measures its radius against a
 * 512 px tile unless told, which would halve the radius on screen.
 */
const TILE_SIZE_PX = 256;
/** From street level on every stay has its own pin, however close. */
const LAST_CLUSTERED_ZOOM = 16;

/**
 * Clusters the pins for a viewport (supercluster, the same index for Leaflet and Google Maps). The
 * highlighted stay (hovered in the list) never joins a count, so its pin is always there to find; it comes
 * last so that maps drawing in order put it on top. Without a viewport yet, every pin stands alone.
 */
export function clusterPins(pins: Pin[], viewport: Viewport | null, highlightedId: string | null): MapMark[] {
  const highlighted = pins.find((pin) => pin.id === highlightedId);
  const others = pins.filter((pin) => pin !== highlighted);
  const marks: MapMark[] = viewport ? clustersIn(others, viewport) : others.map((pin) => ({ kind: 'pin', pin }));
  if (highlighted) marks.push({ kind: 'pin', pin: highlighted });
  return marks;
}

function clustersIn(pins: Pin[], viewport: Viewport): MapMark[] {
  const index = new Supercluster<{ pin: Pin }>({
    radius: CLUSTER_RADIUS_PX,
    extent: TILE_SIZE_PX,
    maxZoom: LAST_CLUSTERED_ZOOM,
  });
  index.load(
    pins.map((pin) => ({
      type: 'Feature' as const,
      properties: { pin },
      geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
    })),
  );
  const { west, south, east, north } = normalizedBox(viewport);
  // Supercluster reads a box with west > east as crossing the antimeridian, as normalizedBox gives it.
  return index.getClusters([west, south, east, north], Math.round(viewport.zoom)).map((feature): MapMark => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if (!('cluster' in feature.properties)) return { kind: 'pin', pin: feature.properties.pin };
    const id = feature.properties.cluster_id;
    return {
      kind: 'cluster',
      id,
      lat,
      lng,
      count: feature.properties.point_count,
      expansionZoom: index.getClusterExpansionZoom(id),
    };
  });
}

/** What a count says to a screen reader and on hover. */
export function clusterLabel(count: number): string {
  return `${count} stays here: zoom in`;
}
