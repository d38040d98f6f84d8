import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SHIPPED_PHOTOS, type PhotoPurpose } from '../../contract/photos.ts';

/**
 * The API as seen by web tests; each test installs the handlers it needs with `server.use(...)`. The landing
 * page's photos are answered by default (as the API does with no Unsplash key), since every visit to / asks.
 */
export const server = setupServer(
  http.get('/api/photos', ({ request }) => {
    const purpose = new URL(request.url).searchParams.get('purpose') as PhotoPurpose;
    return HttpResponse.json({ success: true, data: SHIPPED_PHOTOS[purpose] ?? [] });
  }),
);
