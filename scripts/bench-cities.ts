/**
 * The synthetic data the search and alert benches seed: real cities (several with accents, so folding is
 * exercised) as [city, country, latitude, longitude]; every synthetic hotel lies near one of them and is named
 * with one of the words.
 */
export const BENCH_CITIES: [string, string, number, number][] = [
  ['Zürich', 'Switzerland', 47.37, 8.54],
  ['Lisbon', 'Portugal', 38.72, -9.14],
  ['Paris', 'France', 48.86, 2.35],
  ['New York', 'United States', 40.71, -74.0],
  ['São Paulo', 'Brazil', -23.55, -46.63],
  ['Tokyo', 'Japan', 35.68, 139.69],
  ['Kraków', 'Poland', 50.06, 19.94],
  ['Málaga', 'Spain', 36.72, -4.42],
  ['Montréal', 'Canada', 45.5, -73.57],
  ['Berlin', 'Germany', 52.52, 13.4],
  ['Rome', 'Italy', 41.9, 12.5],
  ['Sydney', 'Australia', -33.87, 151.21],
  ['Cape Town', 'South Africa', -33.92, 18.42],
  ['Bogotá', 'Colombia', 4.71, -74.07],
  ['Reykjavík', 'Iceland', 64.15, -21.94],
  ['Istanbul', 'Türkiye', 41.01, 28.98],
  ['Bangkok', 'Thailand', 13.76, 100.5],
  ['Mexico City', 'Mexico', 19.43, -99.13],
  ['London', 'United Kingdom', 51.51, -0.13],
  ['Vienna', 'Austria', 48.21, 16.37],
  ['Copenhagen', 'Denmark', 55.68, 12.57],
  ['Seoul', 'South Korea', 37.57, 126.98],
  ['Dubai', 'United Arab Emirates', 25.2, 55.27],
  ['Nice', 'France', 43.7, 7.27],
  ['Göteborg', 'Sweden', 57.71, 11.97],
  ['Athens', 'Greece', 37.98, 23.73],
  ['Marrakesh', 'Morocco', 31.63, -7.99],
  ['Buenos Aires', 'Argentina', -34.6, -58.38],
  ['Auckland', 'New Zealand', -36.85, 174.76],
  ['Prague', 'Czechia', 50.08, 14.44],
];
export const BENCH_HOTEL_WORDS = ['Grand', 'Plaza', 'Boutique', 'Central', 'Harbour', 'Garden', 'Royal', 'Park'];
