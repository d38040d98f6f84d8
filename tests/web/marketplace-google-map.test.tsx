import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Listing } from '../../contract/listing.ts';
import { makeListing } from './factories.ts';
import { configReply, server, TEST_RATES } from './msw.ts';
import { fakeGoogleMap as fakeMap, jsApiLoader, resetJsApiLoader } from './fake-google-maps.tsx';
import { renderRoute } from './render.tsx';

function serveSearch(listings: Listing[]) {
  const queries: string[] = [];
  server.use(
    http.get('/api/config', () => configReply({ googleMapsApiKey: 'AIza-test' })),
    http.get('/api/listings', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({
        success: true,
        data: listings,
        meta: { page: 1, pageSize: 24, total: listings.length, totalCapped: false, priceCeiling: 100 },
      });
    }),
  );
  return queries;
}

describe('marketplace map with a Google Maps key', () => {
  it('places a price pin per placed listing, fits them at zoom 12 at most, zooms to 13 on a pin, and searches a moved area', async () => {
    jsApiLoader.mockReturnValue({ isLoaded: true, loadError: undefined });
    // fitBounds has no maximum zoom: the page caps it when the map is next idle.
    vi.stubGlobal('google', {
      maps: { event: { addListenerOnce: (_map: unknown, _event: string, run: () => void) => run() } },
    });
    try {
      const queries = serveSearch([
        makeListing({ title: 'Placed', price: 99.6, latitude: 38.7, longitude: -9.1 }),
        makeListing({ title: 'Other', price: 250, latitude: 41.1, longitude: -8.6 }),
        makeListing({ title: 'Unplaced', latitude: null, longitude: null }),
        makeListing({ title: 'Euro stay', price: 200, currency: 'EUR', latitude: 40, longitude: -9 }),
      ]);
      const { user } = renderRoute('/marketplace');
      await user.click(await screen.findByRole('button', { name: 'Map' }, { timeout: 5000 }));
      const map = await screen.findByTestId('google-map', undefined, { timeout: 5000 });
      expect(within(map).getByRole('button', { name: 'Placed, $100' })).toHaveTextContent('$100');
      expect(within(map).getByRole('button', { name: 'Other, $250' })).toBeInTheDocument();
      expect(within(map).queryByRole('button', { name: /Unplaced/ })).not.toBeInTheDocument();
      // In the visitor's currency (US dollars here) as the cards show it, the listing's own price in its name.
      const dollars = Math.round((200 / TEST_RATES.unitsPerEuro.EUR!) * TEST_RATES.unitsPerEuro.USD!);
      expect(await within(map).findByRole('button', { name: `Euro stay, about $${dollars} (€200)` })).toHaveTextContent(
        `≈$${dollars}`,
      );
      await waitFor(() => expect(fakeMap.fitBounds).toHaveBeenCalled());
      expect(fakeMap.fitBounds).toHaveBeenLastCalledWith({ south: 38.7, west: -9.1, north: 41.1, east: -8.6 }, 50);
      expect(fakeMap.setZoom).toHaveBeenLastCalledWith(12);

      await user.click(within(map).getByRole('button', { name: 'Placed, $100' }));
      expect(fakeMap.setCenter).toHaveBeenLastCalledWith({ lat: 38.7, lng: -9.1 });
      expect(fakeMap.setZoom).toHaveBeenLastCalledWith(13);

      await user.click(within(map).getByRole('button', { name: 'Drag the map' }));
      await user.click(screen.getByRole('button', { name: 'Search this area' }));
      await waitFor(() => expect(queries.at(-1)).toBe('?bounds=1%2C2%2C3%2C4'));
    } finally {
      vi.unstubAllGlobals();
      resetJsApiLoader();
    }
  });

  it('says the key may be wrong when the loader gives up', async () => {
    serveSearch([makeListing()]);
    const { user } = renderRoute('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Map' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Failed to load Google Maps - Please check your API key configuration.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(jsApiLoader).toHaveBeenCalledWith({ googleMapsApiKey: 'AIza-test' });
  });
});
