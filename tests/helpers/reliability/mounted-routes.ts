import type { Express } from 'express';

/** One route the app answers: its method and its Express path pattern (`/api/listings/:id`). */
export interface MountedRoute {
  method: string;
  path: string;
}

interface StackLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/**
 * Every route of the app, read from Express's router stack (mounted routers walked recursively, mount paths
 * joined), so a route someone adds is fuzzed and must have an authorization row without anyone listing it.
 * Plain middleware (parsers, the 404 fallbacks) is not a route; regular-expression paths (the SPA's catch-all)
 * are skipped, since they have no fixed address to call.
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  const routes = new Map<string, MountedRoute>();
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of pathsOf(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
            const route = { method: method.toUpperCase(), path: join(prefix, path) };
            routes.set(`${route.method} ${route.path}`, route);
          }
        }
      } else if (layer.handle?.stack) {
        for (const path of pathsOf(layer.rawPath ?? '/')) walk(layer.handle.stack, join(prefix, path));
      }
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack, '');
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function pathsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(pathsOf);
  return typeof raw === 'string' ? [raw] : [];
}

function join(prefix: string, path: string) {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

export const routeKey = (route: MountedRoute) => `${route.method} ${route.path}`;
