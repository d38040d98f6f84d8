/**
 * Demo marketplace data: who sells, in which cities, at which hotels. The hotels and their stays live in
 * seed-hotels-europe.ts and seed-hotels-world.ts; seed.ts turns all of it into rows. Everything here is
 * fictional except the city and neighbourhood coordinates, which are real so that the map looks right.
 */

export type Continent = 'Africa' | 'Asia' | 'Europe' | 'North America' | 'Oceania' | 'South America';

export interface DemoProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface DemoCity {
  name: string;
  country: string;
  /** ISO 3166-1 alpha-2, as a PMS reports it. */
  countryCode: string;
  continent: Continent;
  /** The currency its hotels charge in (ISO 4217). */
  currency: string;
  /** The city centre; every demo hotel lies within about 3 km of it. */
  latitude: number;
  longitude: number;
}

/** A status other than the default `active`; sold stays get a buyer from the other demo profiles. */
export type DemoStayStatus = 'inactive' | 'sold';

export interface DemoStay {
  /** Describes the accommodation type, not the place: a listing's title should say what kind of stay it is. */
  title: string;
  description: string;
  /** File name without extension under public/images/listings/. */
  image: string;
  /** The asking price in US cents, as a level: the seed turns it into a round price in the city's currency. */
  priceCents: number;
  status?: DemoStayStatus;
}

export interface DemoHotel {
  name: string;
  city: DemoCity;
  address: string;
  /** Neighbourhood or region, shown as the listing's `location`. */
  neighbourhood: string;
  /** Real coordinates of the neighbourhood; each stay is nudged a little so map pins do not overlap. */
  latitude: number;
  longitude: number;
  stays: DemoStay[];
}

/**
 * Fixed ids so that the demo sellers stay the same across resets (links, tests and the dev sign-in page can
 * rely on them). They are valid version-4 UUIDs, which zod's uuid() insists on.
 */
export const DEMO_PROFILES: readonly DemoProfile[] = [
  profile(1, 'Emma', 'Schneider'),
  profile(2, 'Lucas', 'Oliveira'),
  profile(3, 'Sofia', 'Marques'),
  profile(4, 'James', 'Carter'),
  profile(5, 'Yuki', 'Tanaka'),
  profile(6, 'Amara', 'Okafor'),
  profile(7, 'Léa', 'Dubois'),
  profile(8, 'Olivia', 'Bennett'),
];

function profile(n: number, firstName: string, lastName: string): DemoProfile {
  const local = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return { id: demoUuid(1, n), firstName, lastName, email: `${local}@example.com` };
}

/** `kind` keeps profile, reservation and listing ids apart: 1xxxxxxx-, 2xxxxxxx-, 3xxxxxxx-. */
export function demoUuid(kind: 1 | 2 | 3, n: number): string {
  return `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const DEMO_CITIES = {
  zurich: city('Zürich', 'Switzerland', 'CH', 'Europe', 'CHF', 47.3769, 8.5417),
  lisbon: city('Lisbon', 'Portugal', 'PT', 'Europe', 'EUR', 38.7223, -9.1393),
  paris: city('Paris', 'France', 'FR', 'Europe', 'EUR', 48.8566, 2.3522),
  barcelona: city('Barcelona', 'Spain', 'ES', 'Europe', 'EUR', 41.3874, 2.1686),
  reykjavik: city('Reykjavík', 'Iceland', 'IS', 'Europe', 'ISK', 64.1466, -21.9426),
  saoPaulo: city('São Paulo', 'Brazil', 'BR', 'South America', 'BRL', -23.5505, -46.6333),
  newYork: city('New York', 'United States', 'US', 'North America', 'USD', 40.7128, -74.006),
  mexicoCity: city('Mexico City', 'Mexico', 'MX', 'North America', 'MXN', 19.4326, -99.1332),
  tokyo: city('Tokyo', 'Japan', 'JP', 'Asia', 'JPY', 35.6812, 139.7671),
  kyoto: city('Kyoto', 'Japan', 'JP', 'Asia', 'JPY', 35.0116, 135.7681),
  sydney: city('Sydney', 'Australia', 'AU', 'Oceania', 'AUD', -33.8688, 151.2093),
  capeTown: city('Cape Town', 'South Africa', 'ZA', 'Africa', 'ZAR', -33.9249, 18.4241),
  // Riads in Marrakech quote their rooms to foreign guests in euros (the dirham has no daily reference rate).
  marrakech: city('Marrakech', 'Morocco', 'MA', 'Africa', 'EUR', 31.6295, -7.9811),
} as const satisfies Record<string, DemoCity>;

function city(
  name: string,
  country: string,
  countryCode: string,
  continent: Continent,
  currency: string,
  latitude: number,
  longitude: number,
): DemoCity {
  return { name, country, countryCode, continent, currency, latitude, longitude };
}

/**
 * How a price level in US dollars reads in each demo city's currency: about how many units a dollar buys, and
 * the step hotels there round their prices to (whole francs by fives, yen by the thousand). Round numbers, not a
 * day's rates: these are a hotel's list prices, not conversions.
 */
const LOCAL_PRICES: Record<string, { perDollar: number; step: number }> = {
  CHF: { perDollar: 0.9, step: 5 },
  EUR: { perDollar: 0.9, step: 5 },
  ISK: { perDollar: 140, step: 1000 },
  BRL: { perDollar: 5.5, step: 10 },
  USD: { perDollar: 1, step: 5 },
  MXN: { perDollar: 18, step: 50 },
  JPY: { perDollar: 150, step: 1000 },
  AUD: { perDollar: 1.5, step: 5 },
  ZAR: { perDollar: 18, step: 50 },
};

/** A price level in US cents as a round price in `currency`, in cents (hundredths, as every amount is stored). */
export function localPriceCents(usdCents: number, currency: string): number {
  const { perDollar, step } = LOCAL_PRICES[currency]!;
  return Math.max(1, Math.round(((usdCents / 100) * perDollar) / step)) * step * 100;
}
