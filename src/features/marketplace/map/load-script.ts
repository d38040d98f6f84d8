import { MAPS_SCRIPT_RETRIES } from '../../../../contract/constants.ts';

export const MAPS_LOAD_FAILED = 'Failed to load Google Maps - Please check your API key configuration.';

/** Tries `load` up to `attempts` times; the last failure is the one reported. */
export async function withRetries(load: () => Promise<void>, attempts = MAPS_SCRIPT_RETRIES): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      await load();
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Adds the Maps JavaScript API script once; a failed attempt removes its tag so the next one starts clean. */
export function loadGoogleMapsScript(apiKey: string): Promise<void> {
  const ready = () => typeof (window as { google?: { maps?: unknown } }).google?.maps === 'object';
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&v=weekly`;
    script.async = true;
    script.onload = () => (ready() ? resolve() : reject(new Error('Google Maps did not initialise')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Google Maps script failed to load'));
    };
    document.head.append(script);
  });
}
