import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { nextTask } from '../lib/next-task.ts';
import { appRoutes } from './routes.tsx';

/** The router of a page whose markup the script draws itself: the route's code loads behind a loading state. */
export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * The router of a page the server rendered. Its first render must be the markup the server sent, so the
 * page's own code (route `lazy`) is loaded before the router exists instead of behind the loading state.
 *
 * Matching the address, asking for the page's code (Vite appends a preload link per chunk) and making the router
 * each wait for a task of their own: run straight after the entry's and the page's evaluation, or after each
 * other, they made tasks long enough to hold up a tap on a phone (ADR 0063). Matching compiles a pattern per route
 * and the preload links start a request per chunk: on a slow phone each costs tens of milliseconds.
 */
export async function createHydratingRouter() {
  await nextTask();
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await nextTask();
  await Promise.all(matches.map(({ route }) => loadLazyRoute(route)));
  await nextTask();
  return createBrowserRouter(appRoutes);
}

async function loadLazyRoute(route: RouteObject): Promise<void> {
  if (typeof route.lazy !== 'function') return;
  Object.assign(route, await route.lazy(), { lazy: undefined });
}
