import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

// No network in tests: the Maps script "fails" on every attempt.
const loadScript = vi.hoisted(() => vi.fn(() => Promise.reject(new Error('offline'))));
vi.mock('../../src/features/marketplace/map/load-script.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadGoogleMapsScript: loadScript,
}));

describe('marketplace map with a Google Maps key', () => {
  it('retries the script three times, then says the key may be wrong', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: { googleMapsApiKey: 'AIza-test' } })),
      http.get('/api/listings', () =>
        HttpResponse.json({
          success: true,
          data: [makeListing()],
          meta: { page: 1, pageSize: 24, total: 1, totalCapped: false, priceCeiling: 100 },
        }),
      ),
    );
    const { user } = renderRoute('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Map' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Failed to load Google Maps - Please check your API key configuration.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(loadScript).toHaveBeenCalledTimes(3);
    expect(loadScript).toHaveBeenCalledWith('AIza-test');
  });
});
