import { vi } from 'vitest';

/**
 * Leaflet cannot draw in the tests' DOM, so every web test runs the keyless map on this fake (tests/web/setup.ts
 * mocks both modules for every file; ADR 0066). A marker becomes a button named as a screen reader names
 * Leaflet's HTML marker (by the icon's hidden text), and the map records how it was asked to move and the
 * events the page registered, so a test can play the user dragging it.
 */
export const fakeMap = {
  setView: vi.fn(),
  fitBounds: vi.fn(),
  getBounds: () => ({ getSouth: () => 1, getWest: () => 2, getNorth: () => 3, getEast: () => 4 }),
  events: {} as Record<string, () => void>,
};

export const fakeReactLeaflet = {
  MapContainer: ({ children }: { children: React.ReactNode }) => <div data-testid="map">{children}</div>,
  TileLayer: () => null,
  Popup: () => null,
  Marker: ({ icon, eventHandlers }: { icon: { html: string }; eventHandlers: Record<string, () => void> }) => (
    <button
      type="button"
      aria-label={/class="sr-only">([^<]*)</.exec(icon.html)?.[1]}
      data-highlighted={icon.html.includes('restay-pin--highlighted')}
      onClick={eventHandlers.click}
      onMouseOver={eventHandlers.mouseover}
      onMouseOut={eventHandlers.mouseout}
    />
  ),
  useMap: () => fakeMap,
  useMapEvents: (handlers: Record<string, () => void>) => {
    fakeMap.events = handlers;
    return fakeMap;
  },
};
