import type { Bounds } from '../../contract/search.ts';

/**
 * The 1-degree map cells of migration 0005 (`public.restay_geo_cell`): numbered row by row from the south-west
 * corner, with latitude 90 and longitude 180 folded into the last row and column. The two must agree exactly;
 * tests/server/geo-cells.test.ts checks this module against the SQL function.
 */
const row = (latitude: number) => Math.min(Math.floor(latitude) + 90, 179);
const column = (longitude: number) => Math.min(Math.floor(longitude) + 180, 359);

/** Boxes spanning more cells than this are filtered by the exact test alone: a list that long no longer narrows. */
export const MAX_BOX_CELLS = 2_000;

export function geoCell(latitude: number, longitude: number): number {
  return row(latitude) * 360 + column(longitude);
}

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every cell the box touches, or undefined when there are more than MAX_BOX_CELLS of them. */
export function boxCells({ south, west, north, east }: Bounds): number[] | undefined {
  const rows = span(row(south), row(north));
  // A box whose west edge is east of its east edge crosses the antimeridian: it wraps from column 359 to 0.
  const columns =
    west <= east ? span(column(west), column(east)) : [...span(column(west), 359), ...span(0, column(east))];
  if (rows.length * columns.length > MAX_BOX_CELLS) return undefined;
  return rows.flatMap((r) => columns.map((c) => r * 360 + c));
}
