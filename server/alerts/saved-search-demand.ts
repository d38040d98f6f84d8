import { sql } from 'kysely';
import { DEMAND_WEEKS, type DemandWeek } from '../../contract/hotels.ts';
import type { Executor } from '../db/transaction.ts';

/** Where a hotel is, as the alerts index knows places: its stays' places (text searches) and its map cell. */
export interface DemandPlace {
  placeIds: readonly number[];
  cell: number | null;
}

/**
 * How many saved searches (not paused) would match a one-night stay at a hotel in each of the DEMAND_WEEKS weeks
 * from `firstDay`, at any price: read from the index every new stay is matched through (match-listing.ts). A text
 * search counts when it names one of the hotel's places, a map search when its area covers the hotel's cell, a
 * search with neither always. A week counts a search when some night of it fits the search's dates (a stay
 * checking in on or after its start date and out on or before its end date). The search's price bounds and other
 * filters are left out: the stay has no price yet, so this is who is waiting, not who would surely buy.
 */
export async function savedSearchDemand(db: Executor, place: DemandPlace, firstDay: string): Promise<DemandWeek[]> {
  const placeIds = `{${place.placeIds.join(',')}}`;
  const rows = await sql<{ week_start: string; searches: string | number }>`
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      (select count(*) from saved_searches s
        where not s.paused
          and ((s.has_text and s.place_ids && ${placeIds}::integer[])
            or (not s.has_text and s.cells is null)
            or (not s.has_text and ${place.cell}::integer is not null and s.cells @> array[${place.cell}::integer]))
          and greatest(coalesce(s.start_date, '-infinity'::date), w.week_start)
            <= least(coalesce(s.end_date - 1, 'infinity'::date), w.week_start + 6)
      ) as searches
    from (select ${firstDay}::date + 7 * i as week_start from generate_series(0, ${DEMAND_WEEKS - 1}) as i) w
    order by w.week_start`.execute(db);
  return rows.rows.map((row) => ({ weekStart: row.week_start, searches: Number(row.searches) }));
}
