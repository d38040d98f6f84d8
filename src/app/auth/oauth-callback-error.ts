/**
 * When Google (or the auth server) refuses a sign-in, the browser comes back with `error` and
 * `error_description` in the query (authorization code flow) or the fragment (implicit flow). Returns what to tell the
 * person, or null when the URL carries no such error.
 */
export function readOAuthCallbackError(location: Pick<Location, 'search' | 'hash'>): string | null {
  for (const source of [location.search, location.hash.replace(/^#/, '?')]) {
    const params = new URLSearchParams(source);
    const error = params.get('error');
    if (error) return params.get('error_description') ?? error;
  }
  return null;
}
