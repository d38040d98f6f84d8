import { http, HttpResponse } from 'msw';
import type { Listing } from '../../contract/listing.ts';
import type { SearchMeta } from '../../contract/search.ts';
import { server } from './msw.ts';

/** GET /api/listings's reply as the API sends it: the listings, and the meta of one page holding them all. */
export function searchReply(listings: Listing[], meta: Partial<SearchMeta> = {}) {
  return HttpResponse.json({
    success: true,
    data: listings,
    meta: { page: 1, pageSize: 24, total: listings.length, totalCapped: false, priceCeiling: null, ...meta },
  });
}

/** GET /api/listings answers with these listings. */
export function mockListings(listings: Listing[]): void {
  server.use(http.get('/api/listings', () => searchReply(listings)));
}
