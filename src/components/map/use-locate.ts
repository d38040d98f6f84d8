import { useState } from 'react';
import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '../../lib/ui-constants.ts';
import { selectedView, type MapView } from './map-logic.ts';

export const LOCATION_UNSUPPORTED = 'Your browser cannot share your location.';
export const LOCATION_NOT_FOUND = 'Could not find your location.';

/**
 * "Show my location" for either map: asks the browser once, centres on the answer through `show`, and says in
 * words why it could not (no geolocation in this browser, permission refused, no fix in time).
 */
export function useLocate(show: (view: MapView) => void) {
  const [locateError, setLocateError] = useState<string | null>(null);

  function locate() {
    if (!navigator.geolocation) {
      setLocateError(LOCATION_UNSUPPORTED);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocateError(null);
        show(selectedView({ lat: coords.latitude, lng: coords.longitude }));
      },
      () => setLocateError(LOCATION_NOT_FOUND),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
  }

  return { locate, locateError };
}
