/**
 * Where the API is: `VITE_API_URL` at build time (an API on another origin, the SPA on a static host or CDN), else
 * this page's own origin (the API serving the SPA, the default). Without a trailing slash, so `/api/...` joins.
 */
export function apiBaseUrl(): string {
  const configured = (import.meta.env.VITE_API_URL as string | undefined)?.trim() ?? '';
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}
