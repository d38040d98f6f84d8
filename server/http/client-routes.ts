/** Prefixes the server itself answers under: whatever none of its routes took there is not a page of the SPA. */
const SERVER_PREFIXES = ['/api/', '/auth/', '/dev/', '/assets/'];

/**
 * Whether a GET may be a client-side route, answered with the SPA's index.html so it survives a reload. A path
 * naming a file (its last segment has an extension: /robots.txt, /favicon-x.png) or under one of the server's
 * own prefixes is not: it answers 404, so that a missing file is not mistaken for a page (a crawler, or a
 * browser asking for a script, would otherwise get the shell with 200).
 */
export function isClientRoute(path: string): boolean {
  if (SERVER_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(lastSegment);
}
