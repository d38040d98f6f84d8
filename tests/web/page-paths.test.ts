import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from '../../contract/page-paths.ts';
import { appRoutes } from '../../src/app/routes.tsx';

/** Every address the route table has a page for, as one absolute path each ("*", the not-found page, aside). */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.index
      ? parent || '/'
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
        : parent;
    const children = route.children ? pathsOf(route.children, own) : [];
    return route.index || (route.path && !route.children) ? [own, ...children] : children;
  });
}

describe('the pages the server answers 200 for', () => {
  it('are exactly the pages of the app’s route table', () => {
    expect(pathsOf(appRoutes).sort()).toEqual([...PAGE_PATHS].sort());
  });

  it('match as the router does: one segment per parameter, any letter case, a trailing slash', () => {
    expect(isPagePath('/listings/abc')).toBe(true);
    expect(isPagePath('/Listings/abc/')).toBe(true);
    expect(isPagePath('/listings')).toBe(false);
    expect(isPagePath('/listings/abc/more')).toBe(false);
    expect(isPagePath('/payment')).toBe(false);
    expect(isPagePath('/')).toBe(true);
  });
});
