/**
 * Fixed ids per kind of row, so that re-seeding gives every reservation the same Mews id it had before (a
 * listing imported from the demo PMS keeps pointing at its reservation). Kinds 1-3 are the marketplace seed's.
 */
const ID_KIND = {
  enterprise: 4,
  service: 5,
  customer: 6,
  category: 7,
  resource: 8,
  reservation: 9,
  orderItem: 'a',
  rateGroup: 'c',
  rate: 'd',
};
export const pmsId = (kind: keyof typeof ID_KIND, n: number) =>
  `${ID_KIND[kind]}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
