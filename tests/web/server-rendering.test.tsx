import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_SCRIPT } from '../../contract/early-input.ts';
import type { EarlyInputHolder } from '../../src/app/early-input.ts';
import { startApp } from '../../src/app/start-app.tsx';
import { renderPage } from '../../src/entry-server.tsx';
import { listingReplySchema, type ListingWithViewer } from '../../contract/listing.ts';
import { ratesReplySchema } from '../../contract/rates.ts';
import { searchReplySchema } from '../../contract/search.ts';
import { FIRST_SCREEN_CARDS } from '../../src/features/marketplace/components/use-cards-drawn.ts';
import { reloadPage, signIn, TEST_USER } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { configReply, server, TEST_RATES } from './msw.ts';

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
  for (const id of Object.values(BLOCK_IDS)) document.getElementById(id)?.remove();
  // A test that failed before the SPA took the held input leaves the early-input script listening.
  (window as unknown as Record<string, EarlyInputHolder | undefined>)[EARLY_INPUT_GLOBAL]?.take();
  Reflect.deleteProperty(window, EARLY_INPUT_GLOBAL);
  window.history.replaceState(null, '', '/');
});

/** The data blocks the server adds beside the markup, by what they carry. */
const BLOCK_IDS = { search: 'initial-search', listing: 'served-listing', rates: 'served-rates' } as const;

/**
 * The page at `path` as a browser receives it from the server (the markup in #root, the early-input script, and
 * the replies the server served with it, checked against the contract as the server checks them), what the visitor
 * does before any other script has run, then the SPA's own start over it. Collects what React could not hydrate.
 */
async function arriveAt(
  path: string,
  replies: { search?: unknown; listing?: unknown; rates?: unknown } = {},
  visitorActsEarly: () => void = () => {},
) {
  new Function(EARLY_INPUT_SCRIPT)();
  const served = {
    ...(replies.search === undefined ? {} : { search: searchReplySchema.parse(replies.search) }),
    ...(replies.listing === undefined ? {} : { listing: listingReplySchema.parse(replies.listing) }),
    ...(replies.rates === undefined ? {} : { rates: ratesReplySchema.parse(replies.rates) }),
  };
  const markup = await renderPage(`http://localhost${path}`, served);
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  element.id = 'root';
  element.innerHTML = markup;
  document.body.append(element);
  for (const [kind, reply] of Object.entries(served)) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = BLOCK_IDS[kind as keyof typeof BLOCK_IDS];
    block.textContent = JSON.stringify(reply);
    document.body.append(block);
  }
  visitorActsEarly();
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

  it("the server draws the marketplace's first screen of cards and the script draws the rest, a screen at a time, once it has taken over", async () => {
    const listings = Array.from({ length: 2 * FIRST_SCREEN_CARDS + 2 }, (_, i) =>
      makeListing({ title: `Stay ${i + 1}` }),
    );
    const served = { ...servedSearch(listings), meta: { ...servedSearch(listings).meta, total: 30 } };
    const markup = await renderPage('http://localhost/marketplace', { search: searchReplySchema.parse(served) });
    const drawn = document.createElement('div');
    drawn.innerHTML = markup;
    expect(drawn.querySelectorAll('article')).toHaveLength(FIRST_SCREEN_CARDS);
    expect(drawn.querySelector('nav[aria-label="Pages"]')).toBeNull();

    const { element, mismatches } = await arriveAt('/marketplace', { search: served });
    const first = screen.getByRole('link', { name: 'Stay 1' });
    expect(await screen.findByRole('link', { name: `Stay ${2 * FIRST_SCREEN_CARDS + 2}` })).toBeInTheDocument();
    expect(element.querySelectorAll('article')).toHaveLength(2 * FIRST_SCREEN_CARDS + 2);
    // The drawn cards were taken over, not drawn again.
    expect(screen.getByRole('link', { name: 'Stay 1' })).toBe(first);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
    expect(mismatches).toEqual([]);
  });

  it('a page with prices carries the rates: the script converts them without asking the API', async () => {
    let ratesAsked = 0;
    server.use(
      http.get('/api/rates', () => {
        ratesAsked += 1;
        return HttpResponse.json({ success: true, data: TEST_RATES });
      }),
    );
    // A visitor who sees prices in dollars (the page's own currency, so the served results are theirs).
    const listing = makeListing({ title: 'Priced in euros', price: 1000, currency: 'EUR' });
    const { mismatches } = await arriveAt('/marketplace', {
      search: servedSearch([listing]),
      rates: { success: true, data: TEST_RATES },
    });

    const card = screen.getByRole('link', { name: 'Priced in euros' }).closest('article')!;
    await waitFor(() => expect(card).toHaveTextContent(/about \$\d/));
    expect(ratesAsked).toBe(0);
    expect(document.getElementById('served-rates')).toBeNull();
    expect(mismatches).toEqual([]);
  });

  it('a city typed and a search pressed before the script took the page over are carried out once it has', async () => {
    const { mismatches } = await arriveAt('/', {}, () => {
      const location = screen.getByLabelText('Location') as HTMLInputElement;
      location.value = 'Lisbon';
      location.dispatchEvent(new Event('input', { bubbles: true }));
      screen.getByRole('button', { name: 'Search Hotels' }).click();
    });

    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/marketplace?location=Lisbon'),
    );
    expect(mismatches).toEqual([]);
  });

  it('a currency picked before the script took the page over is the one prices show in once it has', async () => {
    const { mismatches } = await arriveAt('/', {}, () => {
      const currency = screen.getByRole('combobox', { name: 'Show prices in' }) as HTMLSelectElement;
      currency.value = 'EUR';
      currency.dispatchEvent(new Event('input', { bubbles: true }));
      currency.dispatchEvent(new Event('change', { bubbles: true }));
    });

    // Taking the page over sets a select back to what the script renders: the pick is replayed after it.
    await waitFor(() => expect(window.localStorage.getItem('restay.currency')).toBe('EUR'));
    // The page shows it with the browser's other values, in the transition that follows the take-over.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Show prices in' })).toHaveValue('EUR'));
    expect(mismatches).toEqual([]);
  });

  it('a menu pressed (even twice) before the script took the page over opens once it has', async () => {
    const { mismatches } = await arriveAt('/', {}, () => {
      const menu = screen.getByRole('button', { name: 'Open menu' });
      menu.click();
      menu.click();
    });

    expect(await screen.findByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(mismatches).toEqual([]);
  });

  it('a date field tapped before the script took the page over opens its calendar once it has', async () => {
    const { mismatches } = await arriveAt('/', {}, () => {
      const checkOut = screen.getByLabelText('Check-out');
      checkOut.focus();
      checkOut.click();
    });

    await waitFor(() => expect(document.querySelector('.react-datepicker')).not.toBeNull());
    expect(mismatches).toEqual([]);
  });

  it('Filters pressed before the script took the page over opens its panel, with the price slider, once it has', async () => {
    const listing = makeListing({ title: 'Drawn by the server' });
    const { mismatches } = await arriveAt('/marketplace', { search: servedSearch([listing]) }, () => {
      screen.getByRole('button', { name: 'Filters' }).click();
    });

    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    expect(await screen.findAllByRole('slider')).not.toHaveLength(0);
    expect(mismatches).toEqual([]);
  });

  it("a stay's page arrives drawn with the stay, and a guest may book it without the page asking again", async () => {
    const listing = makeListing({ title: 'Harbour view suite' });
    const asked = askedForListing(listing.id, () => ({ success: true, data: listing }));
    const { element, mismatches } = await arriveAt(`/listings/${listing.id}`, {
      listing: { success: true, data: listing },
    });
    const heading = screen.getByRole('heading', { level: 1, name: 'Harbour view suite' });

    // Drawn as nobody in particular: what a viewer may do waits for the script.
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(element.querySelector('h1')).toBe(heading);
    expect(asked()).toBe(0);
    expect(document.getElementById('served-listing')).toBeNull();
    expect(mismatches).toEqual([]);
  });

  it('Book Now on a drawn stay waits for the session, then opens Pay Now for a signed-in visitor (no sign-in asked)', async () => {
    await signIn(TEST_USER, { first_name: 'Ana', last_name: 'Silva' });
    // A new page load whose sign-in configuration is slow to arrive: the session stays unknown until it does.
    reloadPage();
    let release = () => {};
    const configArrives = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/config', async () => {
        await configArrives;
        return configReply();
      }),
    );
    const listing = makeListing({ title: 'Harbour view suite', price: 1234 });
    askedForListing(listing.id, () => ({ success: true, data: listing }));
    const { mismatches } = await arriveAt(`/listings/${listing.id}`, { listing: { success: true, data: listing } });

    // While the page does not know who is looking, there is no Book Now to press as a guest.
    await screen.findByRole('heading', { level: 1, name: 'Harbour view suite' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in to complete your booking.')).not.toBeInTheDocument();

    release();
    const bookNow = await screen.findByRole('button', { name: 'Book Now' }, { timeout: 5_000 });
    bookNow.click();
    expect(await screen.findByRole('region', { name: 'Review and pay' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome to Restay' })).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in to complete your booking.')).not.toBeInTheDocument();
    expect(mismatches).toEqual([]);
  });

  it('a visitor who may be signed in is never shown the guest’s view of a stay: it is read again with their session', async () => {
    await signIn();
    // The stay is held in this visitor's own checkout; a guest is told someone is paying for it.
    const asGuest = makeListing({ title: 'Harbour view suite', status: 'reserved' });
    let answer = (_: unknown) => {};
    const answered = new Promise((resolve) => (answer = resolve));
    const bearers: (string | null)[] = [];
    server.use(
      http.get(`/api/listings/${asGuest.id}`, async ({ request }) => {
        bearers.push(request.headers.get('Authorization'));
        await answered;
        return HttpResponse.json({ success: true, data: { ...asGuest, held_by_viewer: true } });
      }),
    );
    const { mismatches } = await arriveAt(`/listings/${asGuest.id}`, { listing: { success: true, data: asGuest } });

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    await waitFor(() => expect(bearers).toHaveLength(1));
    expect(screen.queryByText(/Someone is paying/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Book Now|Continue to payment/ })).not.toBeInTheDocument();

    answer(undefined);
    expect(await screen.findByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(bearers[0]).toMatch(/^Bearer /);
    expect(mismatches).toEqual([]);
  });
});

type ListingReply = { success: true; data: ListingWithViewer };

/** Counts the page's own requests for the stay, answered with `reply`. */
function askedForListing(id: string, reply: () => ListingReply) {
  let count = 0;
  server.use(
    http.get(`/api/listings/${id}`, () => {
      count += 1;
      return HttpResponse.json(reply());
    }),
  );
  return () => count;
}
