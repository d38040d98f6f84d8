import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app/start-app.tsx';
import { renderPage } from '../../src/entry-server.tsx';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';

/** GET /api/listings's reply for one page holding `listings`, as the server puts it in the marketplace page. */
const servedSearch = (listings: ReturnType<typeof makeListing>[]) => ({
  success: true,
  data: listings,
  meta: { page: 1, pageSize: 24, total: listings.length, totalCapped: false, priceCeiling: null },
});

let started: { root: Root; element: HTMLElement } | undefined;

afterEach(() => {
  started?.root.unmount();
  started?.element.remove();
  started = undefined;
  document.getElementById('initial-search')?.remove();
  window.history.replaceState(null, '', '/');
});

/**
 * The page at `path` as a browser receives it from the server (the markup in #root, and the search the server
 * served with it), then the SPA's own start over it. Collects what React could not hydrate.
 */
async function arriveAt(path: string, served: { search?: unknown } = {}) {
  const markup = await renderPage(`http://localhost${path}`, served);
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  element.id = 'root';
  element.innerHTML = markup;
  document.body.append(element);
  if (served.search !== undefined) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'initial-search';
    block.textContent = JSON.stringify(served.search);
    document.body.append(block);
  }
  const mismatches: unknown[] = [];
  const root = await startApp(element, { onRecoverableError: (error) => mismatches.push(error) });
  started = { root, element };
  return { element, mismatches };
}

describe('pages the server draws', () => {
  it('the landing page arrives drawn and the script takes over the same elements', async () => {
    const { element, mismatches } = await arriveAt('/');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Hotel stays, passed on to travellers who can use them.');

    // A guest's header offers sign-in once the script knows there is no session (the markup cannot know).
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(element.querySelector('h1')).toBe(heading);
    expect(mismatches).toEqual([]);
  });

  it('the bare marketplace arrives with its first results, which the script keeps without asking the API', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/listings', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(servedSearch([]));
      }),
    );
    const listing = makeListing({ title: 'Drawn by the server' });
    const { element, mismatches } = await arriveAt('/marketplace', { search: servedSearch([listing]) });
    const card = screen.getByRole('link', { name: 'Drawn by the server' });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(element.contains(card)).toBe(true);
    expect(screen.getByRole('link', { name: 'Drawn by the server' })).toBe(card);
    expect(asked).toEqual([]);
    expect(document.getElementById('initial-search')).toBeNull();
    expect(mismatches).toEqual([]);
  });

  it("a stay's page arrives drawn while it loads, and the script fills it in", async () => {
    const listing = makeListing({ title: 'Harbour view suite' });
    server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
    const { mismatches } = await arriveAt(`/listings/${listing.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour view suite' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Harbour view suite · Restay'));
    expect(mismatches).toEqual([]);
  });
});
