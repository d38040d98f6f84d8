import { http, HttpResponse } from 'msw';
import type { Listing } from '../../contract/listing.ts';
import { server } from './msw.ts';

/** GET /api/listings answers with these listings, in the API's success envelope. */
export function mockListings(listings: Listing[]): void {
  server.use(http.get('/api/listings', () => HttpResponse.json({ success: true, data: listings })));
}
