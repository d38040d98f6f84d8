import { useEffect } from 'react';
import { vi } from 'vitest';

/**
 * No network in tests, and the Maps script only runs in a browser: every web test has this fake of
 * @react-google-maps/api (tests/web/setup.ts mocks the module for every file; only a page given a Maps key loads
 * it). Its loader reports what the test says (by default: it gave up after its retries); the map hands the page
 * a fake google.maps.Map, overlays render their children.
 */
export const jsApiLoader = vi.fn(offline);

function offline(_options: { googleMapsApiKey: string }) {
  return { isLoaded: false, loadError: new Error('offline') as Error | undefined };
}

/** Back to the loader giving up, for the next test. */
export function resetJsApiLoader() {
  jsApiLoader.mockReset();
  jsApiLoader.mockImplementation(offline);
}

export const fakeGoogleMap = {
  setCenter: vi.fn(),
  setZoom: vi.fn(),
  fitBounds: vi.fn(),
  getZoom: () => 15,
  getBounds: () => ({
    getSouthWest: () => ({ lat: () => 1, lng: () => 2 }),
    getNorthEast: () => ({ lat: () => 3, lng: () => 4 }),
  }),
};

function GoogleMap({
  children,
  onLoad,
  onDragEnd,
}: {
  children: React.ReactNode;
  onLoad: (map: unknown) => void;
  onDragEnd: () => void;
}) {
  useEffect(() => onLoad(fakeGoogleMap), [onLoad]);
  return (
    <div data-testid="google-map">
      {children}
      <button type="button" onClick={onDragEnd}>
        Drag the map
      </button>
    </div>
  );
}

export const fakeGoogleMapsApi = {
  OVERLAY_MOUSE_TARGET: 'overlayMouseTarget',
  useJsApiLoader: jsApiLoader,
  GoogleMap,
  OverlayViewF: ({ children }: { children: React.ReactNode }) => children,
};
