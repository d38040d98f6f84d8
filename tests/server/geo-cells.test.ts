import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxCells, geoCell, MAX_BOX_CELLS } from '../../server/listings/geo-cells.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

// Corners, edges, the poles, the antimeridian and ordinary places.
const POINTS: [number, number][] = [
  [0, 0],
  [-0.5, -0.5],
  [47.37, 8.54],
  [-33.87, 151.21],
  [90, 180],
  [-90, -180],
  [89.99, 179.99],
  [-89.5, 179.5],
  [64.15, -21.94],
  [40.7128, -74.006],
  [1, -1],
  [-1, 1],
  [12.999999, 13],
];

describe('map cells', () => {
  it('numbers a point exactly as the database function restay_geo_cell does', async () => {
    for (const [latitude, longitude] of POINTS) {
      const { rows } = await sql<{
        cell: number;
      }>`select public.restay_geo_cell(${latitude}::float8, ${longitude}::float8) as cell`.execute(database.db);
      expect(geoCell(latitude, longitude), `${latitude},${longitude}`).toBe(rows[0]!.cell);
    }
  });

  it('lists every cell a box touches, including a box across the antimeridian', () => {
    expect(boxCells({ south: 47.32, west: 8.49, north: 47.42, east: 8.59 })).toEqual([geoCell(47.37, 8.54)]);
    expect(boxCells({ south: 0.5, west: 0.5, north: 1.5, east: 1.5 })).toEqual([
      geoCell(0.5, 0.5),
      geoCell(0.5, 1.5),
      geoCell(1.5, 0.5),
      geoCell(1.5, 1.5),
    ]);
    const wrapped = boxCells({ south: -17.5, west: 179.5, north: -17.2, east: -179.5 });
    expect(wrapped).toEqual([geoCell(-17.3, 179.9), geoCell(-17.3, -179.9)]);
    for (const [latitude, longitude] of POINTS) {
      const box = { south: latitude, west: longitude, north: latitude, east: longitude };
      expect(boxCells(box), `${latitude},${longitude}`).toContain(geoCell(latitude, longitude));
    }
  });

  it('gives up on boxes too large for a cell list to narrow anything', () => {
    expect(boxCells({ south: -90, west: -180, north: 90, east: 180 })).toBeUndefined();
    expect(boxCells({ south: 0, west: 0, north: 39, east: 49 })).toHaveLength(MAX_BOX_CELLS);
  });
});
