import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterPins, type MapMark } from '../../src/components/map/clusters.ts';
import type { Pin } from '../../src/components/map/map-logic.ts';

const pin = (id: string, lat: number, lng: number): Pin => ({
  id,
  lat,
  lng,
  label: '$100',
  price: '$100',
  title: `Stay ${id}`,
});
// Three stays a few hundred metres apart in Lisbon's Baixa, one across the river in Almada.
const baixa = [pin('a', 38.7107, -9.1366), pin('b', 38.7115, -9.1375), pin('c', 38.7099, -9.1352)];
const almada = pin('d', 38.679, -9.1569);
const portugal = { south: 36.9, west: -9.6, north: 42.2, east: -6.1 };
const lisbon = { south: 38.66, west: -9.17, north: 38.73, east: -9.1 };

const counts = (marks: MapMark[]) =>
  marks.map((mark) => (mark.kind === 'cluster' ? `${mark.count} stays` : mark.pin.id)).sort();

describe('clusterPins', () => {
  it('gathers stays too close to tell apart into one count, zooming in far enough to split it', () => {
    const marks = clusterPins([...baixa, almada], { zoom: 7, ...portugal }, null);
    expect(counts(marks)).toEqual(['4 stays']);
    const cluster = marks[0] as Extract<MapMark, { kind: 'cluster' }>;
    expect(cluster.expansionZoom).toBeGreaterThan(7);
    expect(clusterLabel(cluster.count)).toBe('4 stays here: zoom in');

    expect(counts(clusterPins([...baixa, almada], { zoom: 13, ...lisbon }, null))).toEqual(['3 stays', 'd']);
    expect(counts(clusterPins([...baixa, almada], { zoom: 18, ...lisbon }, null))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins pins closer on screen than a price tag is wide, in the pixels Leaflet and Google Maps draw', () => {
    // Both draw the world 256 px wide at zoom 0, doubling with each zoom: at zoom 10 one pixel at the equator is
    // 360 / (256 * 2^10) degrees of longitude.
    const degreesPerPixel = 360 / (256 * 2 ** 10);
    const around = { zoom: 10, south: -1, west: -1, north: 1, east: 1 };
    const apart = (pixels: number) => [pin('x', 0, 0), pin('y', 0, pixels * degreesPerPixel)];
    expect(counts(clusterPins(apart(40), around, null))).toEqual(['2 stays']);
    expect(counts(clusterPins(apart(80), around, null))).toEqual(['x', 'y']);
  });

  it('keeps the hovered stay out of any count and last, so its pin is on top', () => {
    const marks = clusterPins([...baixa, almada], { zoom: 7, ...portugal }, 'b');
    expect(counts(marks)).toEqual(['3 stays', 'b']);
    expect(marks.at(-1)).toEqual({ kind: 'pin', pin: baixa[1] });
  });

  it('draws only what is in view, and every pin on its own before the map knows its view', () => {
    const farAway = pin('e', 48.8566, 2.3522);
    expect(counts(clusterPins([almada, farAway], { zoom: 12, ...lisbon }, null))).toEqual(['d']);
    expect(counts(clusterPins([...baixa, farAway], null, null))).toEqual(['a', 'b', 'c', 'e']);
  });

  it('reads a view across the antimeridian as one box', () => {
    const fiji = pin('f', -17.7134, 178.065);
    const samoa = pin('s', -13.759, -172.1046);
    const across = { zoom: 4, south: -30, west: 170, north: 0, east: 190 };
    expect(counts(clusterPins([fiji, samoa], across, null))).toEqual(['f', 's']);
  });
});
