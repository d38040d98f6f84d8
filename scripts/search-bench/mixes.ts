import { BENCH_CITIES as CITIES, BENCH_HOTEL_WORDS as HOTEL_WORDS } from '../bench-cities.ts';

/** The next search's query string, as the marketplace sends it to GET /api/listings. */
export type NextSearch = () => string;

const NOW = Date.now();
const day = (offset: number) => new Date(NOW + offset * 86_400_000).toISOString().slice(0, 10);
const folded = (city: string) =>
  city
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The fixed mix of popular searches: what visitors type and click on the marketplace, asked round robin. */
export function repeatedSearches(): string[] {
  const mix: string[] = [];
  CITIES.slice(0, 10).forEach(([city, , lat, lng], i) => {
    const plain = folded(city);
    mix.push(
      `location=${encodeURIComponent(plain)}`,
      `location=${encodeURIComponent(city)}&startDate=${day(20 + i)}&endDate=${day(40 + i)}`,
      `location=${encodeURIComponent(plain)}&minPrice=100&maxPrice=300&sort=price_asc`,
      `location=${encodeURIComponent(plain)}&hotelName=${HOTEL_WORDS[i % HOTEL_WORDS.length]}`,
      `bounds=${lat - 0.05},${lng - 0.05},${lat + 0.05},${lng + 0.05}`,
    );
  });
  mix.push('', 'sort=checkin&page=2', 'minPrice=200&maxPrice=250', 'hotelName=royal%20hotel%2012', 'sort=price_desc');
  return mix;
}

export function roundRobin(mix: string[]): NextSearch {
  let next = 0;
  return () => mix[next++ % mix.length]!;
}

const SORTS = ['newest', 'price_asc', 'price_desc', 'checkin'];
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * The long tail: a random city, price range, sort and, for most, dates. Billions of combinations, so almost none
 * is asked twice in a run; `seen` counts how often each was, for the report.
 */
export function distinctSearches(seen: Map<string, number>): NextSearch {
  return () => {
    const [city] = pick(CITIES);
    const minPrice = between(0, 80) * 5;
    const params = new URLSearchParams({
      location: Math.random() < 0.5 ? city : folded(city),
      minPrice: String(minPrice),
      maxPrice: String(minPrice + between(5, 50) * 10),
      sort: pick(SORTS),
    });
    if (Math.random() < 0.75) {
      const start = between(0, 300);
      params.set('startDate', day(start));
      params.set('endDate', day(start + between(3, 60)));
    }
    const search = params.toString();
    seen.set(search, (seen.get(search) ?? 0) + 1);
    return search;
  };
}

/** The share of searches in `seen` asked exactly once. */
export function askedOnce(seen: Map<string, number>): number {
  let once = 0;
  let all = 0;
  for (const times of seen.values()) {
    all += times;
    if (times === 1) once += 1;
  }
  return all === 0 ? 0 : once / all;
}
