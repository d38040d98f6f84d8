import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { appRoutes } from './routes.tsx';

/** The router of a page whose markup the script draws itself: the route's code loads behind a loading state. */
export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * The router of a page the server rendered. Its first render must be the markup the server sent, so the
 * page's own code (route `lazy`) is loaded before the router exists instead of behind the loading state.
 */
export async function createHydratingRouter() {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(matches.map(({ route }) => loadLazyRoute(route)));
  return createBrowserRouter(appRoutes);
}

async function loadLazyRoute(route: RouteObject): Promise<void> {
  if (typeof route.lazy !== 'function') return;
  Object.assign(route, await route.lazy(), { lazy: undefined });
}
